// Route validity checks (SPEC.md §2): a route whose parameters make no sense is a fatal 404 with
// the message 'Page Not Found: {path}', shown by the error page inside the current layout.
//
// Use in a route file (config code lands in the entry chunk, so these helpers stay dependency-free):
//
//   export const Route = createFileRoute('/_authenticated/orders/$id')({
//     beforeLoad: requireUuidParams('id'),
//     // or, for any rule: beforeLoad: ({ params, location }) => assertValidRoute(location.pathname, isUuid(params.id)),
//   });

export class PageNotFoundError extends Error {
  readonly status = 404;
  constructor(readonly path: string) {
    super(`Page Not Found: ${path}`);
    this.name = 'PageNotFoundError';
  }
}

export function assertValidRoute(path: string, ok: boolean): asserts ok {
  if (!ok) throw new PageNotFoundError(path);
}

// Our ids are UUIDs (UUIDv7, DESIGN.md §4); any version is accepted so older ids stay reachable.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** Whether a route parameter passes its check; a missing parameter never does. */
export function validRouteParam(value: string | undefined, check: (value: string) => boolean): boolean {
  return value !== undefined && check(value);
}

/** A `beforeLoad` that requires the named path parameters to be UUIDs. */
export function requireUuidParams<Name extends string>(...names: Name[]) {
  return ({ params, location }: { params: Partial<Record<Name, string>>; location: { pathname: string } }) => {
    for (const name of names) assertValidRoute(location.pathname, validRouteParam(params[name], isUuid));
  };
}
