// What server and portal both do with a claim schema: derive the draft schema (what saving checks),
// check the facts a JSON Schema cannot compare (a VIN's check digit, dates against each other), and
// bound the shape of any form data. Zod-free, so the portal's form chunk can import it alone.
import { vinProblems } from '../domain/vin.ts';

export type JsonSchemaObject = { [keyword: string]: unknown };

export interface FormProblem {
  /** Dotted path inside the form data: "vehicles.0.vin". */
  path: string;
  message: string;
}

/** Keywords that make a value required rather than say what a value must look like. */
const REQUIRING_KEYWORDS = new Set(['required', 'minItems', 'minProperties']);
/** Sub-schemas that are conditions or negations: dropping `required` there would change their meaning. */
const CONDITION_KEYWORDS = new Set(['if', 'not']);

/**
 * The schema a draft is checked against: the same schema without `required`, `minItems` and
 * `minProperties`, so a half-filled form can be saved, while everything that is there must be right
 * (types, formats, patterns, lengths, choices). Conditions (`if`, `not`) are kept as they are, so a
 * rule such as "a fatality requires the drug and alcohol tests" still picks the same branch.
 */
export function draftClaimSchemaOf(schema: JsonSchemaObject): JsonSchemaObject {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== 'object') return node;
    const copy: JsonSchemaObject = {};
    for (const [key, value] of Object.entries(node as JsonSchemaObject)) {
      if (REQUIRING_KEYWORDS.has(key) && (key !== 'required' || Array.isArray(value))) continue;
      // Values of `properties`, `definitions` and `dependencies` are maps of sub-schemas (a property
      // may itself be named "required"): walk into them without reading their keys as keywords.
      if (key === 'properties' || key === 'definitions' || key === 'patternProperties' || key === 'dependencies') {
        // (A dependency written as a list of property names is a requirement: a draft drops it.)
        copy[key] = mapValues(value, strip, (sub) => !Array.isArray(sub));
      } else if (CONDITION_KEYWORDS.has(key) || key === 'enum' || key === 'const' || key === 'default' || key === 'examples') {
        copy[key] = value;
      } else {
        copy[key] = strip(value);
      }
    }
    return copy;
  };
  return strip(schema) as JsonSchemaObject;
}

const mapValues = (value: unknown, fn: (sub: unknown) => unknown, keep: (sub: unknown) => boolean = () => true) =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value as JsonSchemaObject).filter(([, sub]) => keep(sub)).map(([key, sub]) => [key, fn(sub)]))
    : value;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const at = (data: unknown, path: string[]): unknown => path.reduce<unknown>((node, key) => (isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined), data);

/**
 * The sub-schema of a property: its own, or one a `dependencies` branch adds (a typed-in driver's
 * name). Of several branches naming the property, the first with a title.
 */
export function propertySchemaOf(node: unknown, key: string): JsonSchemaObject | undefined {
  if (!isRecord(node)) return undefined;
  if (isRecord(node.properties) && isRecord(node.properties[key])) return node.properties[key];
  for (const dependency of Object.values(isRecord(node.dependencies) ? node.dependencies : {})) {
    for (const branch of isRecord(dependency) && Array.isArray(dependency.oneOf) ? dependency.oneOf : []) {
      const found = isRecord(branch) && isRecord(branch.properties) ? branch.properties[key] : undefined;
      if (isRecord(found) && found.title) return found;
    }
  }
  return undefined;
}

/**
 * "Our vehicles › 2 › VIN": the form's own titles along a dotted path of its data (list items
 * counted from 1); a part the schema does not name keeps its key. The server's snapshot PDF and the
 * portal's claim pages label fields alike.
 */
export function fieldLabel(schema: JsonSchemaObject, path: string): string {
  let node: unknown = schema;
  return path
    .split('.')
    .filter(Boolean)
    .map((segment) => {
      if (/^\d+$/.test(segment)) {
        node = isRecord(node) ? node.items : undefined;
        return String(Number(segment) + 1);
      }
      node = propertySchemaOf(node, segment);
      return isRecord(node) && typeof node.title === 'string' ? node.title : segment;
    })
    .join(' › ');
}

/**
 * Checks of the built-in form that JSON Schema cannot express; a company's own schema gets them for
 * the fields it names alike (a VIN anywhere under "vehicles", the policy's dates). Empty when fine.
 */
export function claimFormProblems(data: unknown, now = new Date()): FormProblem[] {
  const problems: FormProblem[] = [];
  const vehicles = at(data, ['vehicles']);
  if (Array.isArray(vehicles)) {
    vehicles.forEach((vehicle, index) => {
      const vin = isRecord(vehicle) ? vehicle.vin : undefined;
      // The pattern already refused a VIN of the wrong shape; what is left is the check digit.
      if (typeof vin === 'string' && /^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) {
        for (const problem of vinProblems(vin)) problems.push({ path: `vehicles.${index}.vin`, message: problem.message });
      }
    });
  }
  const effective = at(data, ['policy', 'effectiveDate']);
  const expiration = at(data, ['policy', 'expirationDate']);
  if (typeof effective === 'string' && typeof expiration === 'string' && expiration <= effective) {
    problems.push({ path: 'policy.expirationDate', message: 'must be after the effective date' });
  }
  const occurredAt = at(data, ['loss', 'occurredAt']);
  if (typeof occurredAt === 'string' && Date.parse(occurredAt) > now.getTime() + 5 * 60_000) {
    problems.push({ path: 'loss.occurredAt', message: 'must not be in the future' });
  }
  return problems;
}

/** Bounds of any claim's form data, whatever its schema says (the schema is a company's to change). */
export const CLAIM_FORM_LIMITS = { maxJsonBytes: 256 * 1024, maxDepth: 12, maxStringLength: 4000 } as const;

/** Whether form data stays within CLAIM_FORM_LIMITS; the first problem found, else undefined. */
export function formDataShapeProblem(data: unknown): FormProblem | undefined {
  const walk = (node: unknown, path: string[]): FormProblem | undefined => {
    if (path.length > CLAIM_FORM_LIMITS.maxDepth) return { path: path.join('.'), message: `is nested too deep (at most ${CLAIM_FORM_LIMITS.maxDepth} levels)` };
    if (typeof node === 'string' && node.length > CLAIM_FORM_LIMITS.maxStringLength) {
      return { path: path.join('.'), message: `must be at most ${CLAIM_FORM_LIMITS.maxStringLength} characters` };
    }
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) {
        const problem = walk(item, [...path, String(index)]);
        if (problem) return problem;
      }
    } else if (isRecord(node)) {
      for (const [key, value] of Object.entries(node)) {
        const problem = walk(value, [...path, key]);
        if (problem) return problem;
      }
    }
    return undefined;
  };
  const problem = walk(data, []);
  if (problem) return problem;
  const bytes = new TextEncoder().encode(JSON.stringify(data)).length;
  if (bytes > CLAIM_FORM_LIMITS.maxJsonBytes) return { path: '', message: `is too large (${bytes} bytes; at most ${CLAIM_FORM_LIMITS.maxJsonBytes})` };
  return undefined;
}

/** Dotted paths of what changed between two form data values: the difference a snapshot shows. */
export interface FormChange {
  path: string;
  before: unknown;
  after: unknown;
}

export function diffFormData(before: unknown, after: unknown, path: string[] = []): FormChange[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const bothRecords = isRecord(before) && isRecord(after);
  const bothArrays = Array.isArray(before) && Array.isArray(after);
  if (!bothRecords && !bothArrays) return [{ path: path.join('.'), before: before ?? null, after: after ?? null }];
  const keys = bothArrays
    ? Array.from({ length: Math.max((before as unknown[]).length, (after as unknown[]).length) }, (_, index) => String(index))
    : [...new Set([...Object.keys(before as object), ...Object.keys(after as object)])];
  return keys.flatMap((key) => diffFormData((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], [...path, key]));
}
