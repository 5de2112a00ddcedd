// node-postgres's conversion of a parameter value to its text on the wire (pg/lib/utils.js), which
// its types do not declare; db/known-shape-query.ts binds values with it as node-postgres's Query does.
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): unknown;
}
