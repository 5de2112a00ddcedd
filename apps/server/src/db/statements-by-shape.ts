// Statements built once per shape of a query and then only executed with new values.
//
// A list answers many requests of the same few shapes (the same filters present, the same order,
// the same page size) that differ only in their values. Building such a statement with drizzle on
// every request, and having PostgreSQL parse and plan it again, cost more than running it for a
// large company's first page (0.03 ms of execution: bench/orders-list.ts). A shape's statement is
// built once with placeholders (drizzle `.prepare`), and on PostgreSQL it is a named statement:
// each connection parses it once, and PostgreSQL keeps its plan: company connections plan for any
// company (plan_cache_mode force_generic_plan, db/client.ts), as with `auto` a large or a small
// company's values made a plan of their own look cheaper, and the list was planned again each time.
//
// Named statements live in every PostgreSQL session that ran them until the session ends, and
// cannot be dropped through pg: the names are bounded (MAX_NAMED_SHAPES per process); shapes beyond
// them are still built once but sent unnamed, planned each time. PGlite ignores the names.

/** Shapes given a server-side name, per process: also the most statements a session can hold from here. */
const MAX_NAMED_SHAPES = 500;
/** Built statements kept per database and kind; cleared when full (a shape is cheap to build again). */
const MAX_BUILT_SHAPES = 500;

const namesOfShapes = new Map<string, string>();

/** The server-side name of a shape's statement, or '' (pg's unnamed statement) once the names are spent. */
function nameOf(kind: string, shape: string): string {
  const key = `${kind}\n${shape}`;
  let name = namesOfShapes.get(key);
  if (name === undefined && namesOfShapes.size < MAX_NAMED_SHAPES) {
    name = `${kind}_${namesOfShapes.size + 1}`;
    namesOfShapes.set(key, name);
  }
  return name ?? '';
}

/**
 * The statements of one kind of query (`kind`: a name in lowercase letters and _), by shape. `shape`
 * must say everything that changes the statement's text; the values go in when it runs. Built
 * statements belong to the database handle they were built on (a drizzle instance), so they are
 * kept per handle.
 */
export class StatementsByShape<Statement> {
  private readonly built = new WeakMap<object, Map<string, Statement>>();

  constructor(private readonly kind: string) {
    if (!/^[a-z_]+$/.test(kind)) throw new Error(`statement kind must be lowercase letters and _: ${kind}`);
  }

  /** The statement of `shape` on `db`, built by `build` (with the name to prepare it under, '' for none) the first time. */
  of(db: object, shape: string, build: (name: string) => Statement): Statement {
    let statements = this.built.get(db);
    if (!statements) this.built.set(db, (statements = new Map()));
    let statement = statements.get(shape);
    if (statement === undefined) {
      if (statements.size >= MAX_BUILT_SHAPES) statements.clear();
      statement = build(nameOf(this.kind, shape));
      statements.set(shape, statement);
    }
    return statement;
  }
}
