// Bad requests generated from the OpenAPI document (test/api-fuzz.test.ts runs them). For every
// operation: a plausible request built from its schemas (so that handlers are reached, not only
// validators), then exactly one thing made wrong in it: a field (null, missing, wrong type, huge, NUL,
// lone surrogate, bad enum, bad UUID, array for an object), a query or path parameter, or the whole
// body (invalid JSON, empty, null, wrong content type, malformed multipart). Each mutation knows from
// the schema whether the request is now invalid and which field is to blame, so the answer can be
// held to naming it.
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

interface OpenApiParameter { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema?: JsonSchema }
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}
export interface OpenApiDocument { paths: Record<string, Record<string, OpenApiOperation>> }

export interface Operation {
  method: string;
  /** As the document writes it: /api/v1/orders/{id} */
  path: string;
  pathParams: OpenApiParameter[];
  queryParams: OpenApiParameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
  bodyRequired: boolean;
  /** The operation needs a signed-in caller. */
  security: boolean;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = operation.parameters ?? [];
      const body = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(), path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        body,
        // An optional body is one that also accepts "nothing" (zod's .optional() documents no `required`).
        bodyRequired: body !== undefined && operation.requestBody?.required !== false && !isEmptyObjectOptional(body),
        security: (operation.security ?? []).length > 0,
      });
    }
  }
  return operations;
}

// zod writes `.optional()` on a body as the bare object schema; the route's own `required` flag is the
// only hint, and @fastify/swagger sets it for every body. An object with no required field is treated
// as accepting "nothing" too, which is what the server does for optional bodies.
const isEmptyObjectOptional = (schema: JsonSchema) => typeOf(schema).has('object') && (schema.required ?? []).length === 0;

// --- reading schemas ---

const unionOf = (schema: JsonSchema) => schema.anyOf ?? schema.oneOf;
const nonNullVariants = (schema: JsonSchema) => (unionOf(schema) ?? [schema]).filter((variant) => variant.type !== 'null');

/** The JSON types a schema accepts; 'any' when it says nothing. */
export function typeOf(schema: JsonSchema): Set<string> {
  const union = unionOf(schema);
  if (union) return new Set(union.flatMap((variant) => [...typeOf(variant)]));
  if (schema.enum) return new Set(schema.enum.map((value) => (value === null ? 'null' : typeof value)));
  if (schema.const !== undefined) return new Set([schema.const === null ? 'null' : typeof schema.const]);
  if (schema.type === undefined) return new Set(['any']);
  const types = new Set([schema.type].flat());
  if (types.has('integer')) types.add('number');
  return types;
}

const accepts = (schema: JsonSchema, type: string) => {
  const types = typeOf(schema);
  return types.has('any') || types.has(type);
};

/** A real choice between shapes (not only "X or null"): zod then reports the union's own path. */
const isRealUnion = (schema: JsonSchema) => (unionOf(schema)?.filter((variant) => variant.type !== 'null').length ?? 0) > 1;

// --- plausible values ---

/** What a request needs to get past validation and into a handler: fixtures of the signed-in company. */
export interface FuzzFixtures {
  /** A UUID for a field or path parameter of this name under this path, when one of ours fits. */
  idFor(name: string, path: string): string | undefined;
}

// Fields whose format is checked beyond the schema (licence formats, check digits): a known good value.
const EXAMPLES: Record<string, string> = {
  licenceState: 'CA', licenceNumber: 'D1234567', dateOfBirth: '1990-01-01', ein: '12-3456789',
  vin: '1HGCM82633A004352', phone: '+15125550123', phoneNumber: '+15125550123', state: 'TX', dotNumber: '1234567',
};

const lowercase = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'.split(''));

function patternString(schema: JsonSchema): fc.Arbitrary<string> | undefined {
  if (!schema.pattern) return undefined;
  try {
    const pattern = new RegExp(schema.pattern, 'u');
    const min = schema.minLength ?? 0;
    const max = schema.maxLength ?? Infinity;
    const arbitrary = fc.stringMatching(pattern).filter((text) => text.length >= min && text.length <= max && pattern.test(text));
    fc.sample(arbitrary, { numRuns: 1, seed: 1 }); // a pattern it cannot honour fails here, not mid-run
    return arbitrary;
  } catch {
    return undefined;
  }
}

export function plausible(schema: JsonSchema, name: string, path: string, fixtures: FuzzFixtures): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (unionOf(schema)) {
    const variants = nonNullVariants(schema);
    return variants.length === 0 ? fc.constant(null) : fc.oneof(...variants.map((variant) => plausible(variant, name, path, fixtures)));
  }
  const types = typeOf(schema);
  if (types.has('string')) {
    if (EXAMPLES[name]) return fc.constant(EXAMPLES[name]);
    if (schema.format === 'uuid') {
      const id = fixtures.idFor(name, path);
      return id ? fc.constant(id) : fc.uuid();
    }
    if (schema.format === 'email') return fc.nat().map((n) => `fuzz.${n}@example.test`);
    if (schema.format === 'date' || /date/i.test(name)) return fc.constant('2024-05-01');
    const fromPattern = patternString(schema);
    if (fromPattern) return fromPattern;
    const minLength = Math.max(schema.minLength ?? 1, 1);
    return fc.string({ unit: lowercase, minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 12, 12)) });
  }
  if (types.has('number')) {
    const min = schema.minimum ?? 0;
    return fc.integer({ min, max: Math.max(min, Math.min(schema.maximum ?? min + 50, min + 50)) });
  }
  if (types.has('boolean')) return fc.boolean();
  if (types.has('array')) {
    const minLength = schema.minItems ?? 0;
    return fc.array(schema.items ? plausible(schema.items, name, path, fixtures) : fc.constant('x'), { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 2, 2)) });
  }
  if (types.has('object')) {
    const properties = schema.properties ?? {};
    const model = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, plausible(property, key, path, fixtures)]));
    return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
  }
  return fc.constant('x');
}

// --- where a body can be made wrong ---

export interface FieldLocation {
  /** Keys from the body's root: ['driver', 'firstName'], ['tags', 0] */
  keys: (string | number)[];
  schema: JsonSchema;
  /** A property its object requires (leaving it out is an error). */
  required: boolean;
  /** A property of an object (can be left out at all). */
  isProperty: boolean;
  /** How many leading keys of the nearest enclosing union: an error there names this field too. */
  unionDepth: number;
}

export function fieldLocations(schema: JsonSchema, keys: (string | number)[] = [], unionDepth = 0, required = true, isProperty = false): FieldLocation[] {
  const here: FieldLocation = { keys, schema, required, isProperty, unionDepth };
  const childUnionDepth = isRealUnion(schema) ? keys.length : unionDepth;
  const locations = [here];
  for (const variant of nonNullVariants(schema)) {
    for (const [key, property] of Object.entries(variant.properties ?? {})) {
      locations.push(...fieldLocations(property, [...keys, key], childUnionDepth, (variant.required ?? []).includes(key), true));
    }
    if (variant.items) locations.push(...fieldLocations(variant.items, [...keys, 0], childUnionDepth, true, false));
  }
  return locations;
}

// --- mutations ---

const HUGE = 100_000;
const BAD_UUID = '12345678-zzzz-4000-8000-000000000000';

export type FieldMutationKind = 'null' | 'missing' | 'wrongType' | 'huge' | 'nul' | 'loneSurrogate' | 'badEnum' | 'badUuid' | 'arrayForObject' | 'objectForArray';

export interface FieldMutation {
  kind: FieldMutationKind;
  /** undefined: leave the field out. */
  value?: unknown;
  /** The schema says the request is now invalid, so the answer must be a 4xx naming the field. */
  invalid: boolean;
}

/** Whether a string schema (one variant) takes this text: length, enum, pattern and the formats we use. */
function stringAccepts(schema: JsonSchema, text: string): boolean {
  if (!typeOf(schema).has('string') && !typeOf(schema).has('any')) return false;
  if (schema.enum) return schema.enum.includes(text);
  if (schema.maxLength !== undefined && text.length > schema.maxLength) return false;
  if (schema.minLength !== undefined && text.length < schema.minLength) return false;
  if (schema.format === 'uuid' || schema.format === 'email') return false; // our texts are neither
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((part) => part.pattern)].filter((pattern): pattern is string => pattern !== undefined);
  return patterns.every((pattern) => new RegExp(pattern, 'u').test(text));
}

export const takesText = (schema: JsonSchema, text: string) => nonNullVariants(schema).some((variant) => stringAccepts(variant, text));

/** Every mutation that applies to a location, each with whether it makes the request invalid. */
export function mutationsFor(location: FieldLocation): FieldMutation[] {
  const { schema } = location;
  const types = typeOf(schema);
  const hasString = types.has('string') || types.has('any');
  // The body itself being null is a request-level mutation (an optional body takes null as "none").
  const mutations: FieldMutation[] = location.keys.length > 0 ? [{ kind: 'null', value: null, invalid: !accepts(schema, 'null') }] : [];
  if (location.isProperty) mutations.push({ kind: 'missing', invalid: location.required && schema.default === undefined });
  if (hasString) {
    mutations.push({ kind: 'wrongType', value: 12345, invalid: !accepts(schema, 'number') });
    mutations.push({ kind: 'huge', value: 'x'.repeat(HUGE), invalid: !takesText(schema, 'x'.repeat(HUGE)) });
    mutations.push({ kind: 'nul', value: 'a\u0000b', invalid: true });
    mutations.push({ kind: 'loneSurrogate', value: 'a\ud800b', invalid: true });
  } else {
    mutations.push({ kind: 'wrongType', value: 'not-a-value', invalid: !accepts(schema, 'string') });
  }
  if (nonNullVariants(schema).some((variant) => variant.enum)) mutations.push({ kind: 'badEnum', value: 'NOT_ONE_OF_THEM', invalid: !takesText(schema, 'NOT_ONE_OF_THEM') });
  if (nonNullVariants(schema).every((variant) => variant.format === 'uuid')) mutations.push({ kind: 'badUuid', value: BAD_UUID, invalid: true });
  if (types.has('object')) mutations.push({ kind: 'arrayForObject', value: [{}], invalid: !accepts(schema, 'array') });
  if (types.has('array')) mutations.push({ kind: 'objectForArray', value: { first: 'x' }, invalid: !accepts(schema, 'object') });
  return mutations;
}

/** The body with one field set to a value (or left out), creating the containers on the way. */
export function withField(body: unknown, keys: (string | number)[], mutation: FieldMutation): unknown {
  if (keys.length === 0) return mutation.value;
  const root: unknown = structuredClone(body ?? {});
  let container = root as Record<string | number, unknown>;
  for (let index = 0; index < keys.length - 1; index++) {
    const key = keys[index]!;
    const next = keys[index + 1]!;
    const existing = container[key];
    if (existing === null || typeof existing !== 'object') container[key] = typeof next === 'number' ? [] : {};
    container = container[key] as Record<string | number, unknown>;
  }
  const last = keys[keys.length - 1]!;
  if (mutation.kind === 'missing') {
    if (Array.isArray(container)) container.splice(Number(last), 1);
    else delete container[last];
  } else {
    container[last] = mutation.value;
  }
  return root;
}

/** The paths an answer may use to name a bad field: the field, and its parents up to the nearest union. */
export function acceptablePaths(root: string, keys: (string | number)[], unionDepth: number): string[] {
  const paths: string[] = [];
  for (let length = keys.length; length >= Math.min(unionDepth, keys.length); length--) paths.push([root, ...keys.slice(0, length)].join('.'));
  return paths;
}

/** Whether any field error names one of the paths, or something inside the first (the field itself). */
export function namesOneOf(errorPaths: string[], paths: string[]): boolean {
  const [field] = paths;
  return errorPaths.some((path) => paths.includes(path) || (field !== undefined && path.startsWith(`${field}.`)));
}
