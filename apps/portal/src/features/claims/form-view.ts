// A claim's form data read back against the schema version it was entered against: sections (the
// root's properties, in the uiSchema's `ui:order`), fields labelled with the form's own titles, list
// items numbered from 1 ("Our vehicles › 1"), choices by the names the form shows (`ui:enumNames`,
// `oneOf` titles), dates in the reader's locale. Generic over any company's schema and light (no
// form library): the claim and snapshot pages render it read-only. Data the schema does not name is
// shown too, under its key, so nothing entered is ever hidden.
import { propertySchemaOf, type JsonSchemaObject } from '@clearlane/contract/claim-form/claim-form';

export type UiSchema = Record<string, unknown>;

/** One entered value, as text; `widget` names a custom rendering (the company-driver picker's id). */
export interface ViewValue {
  kind: 'value';
  key: string;
  label: string;
  /** The dotted path in the form data ("vehicles.0.vin"). */
  path: string;
  text: string;
  /** The raw value (a company driver's id, for a link). */
  value: unknown;
  widget?: string;
  /** A long text (a textarea in the form): shown on lines of its own. */
  long: boolean;
}

/** A group of fields: an object of the form, or one item of a list. */
export interface ViewGroup {
  kind: 'group';
  key: string;
  label: string;
  path: string;
  children: ViewNode[];
}

export type ViewNode = ViewValue | ViewGroup;

export interface ViewSection {
  key: string;
  title: string;
  description?: string;
  /** What was entered in the section; empty when nothing was. */
  nodes: ViewNode[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const uiOf = (ui: unknown, key: string): UiSchema => (isRecord(ui) && isRecord(ui[key]) ? ui[key] : {});

/** "vehicleUnit" → "Vehicle unit": a key the schema gives no title. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const titleOf = (schema: JsonSchemaObject | undefined, key: string) => (schema && typeof schema.title === 'string' && schema.title.trim() ? schema.title : humanizeKey(key));

/** Whether a value holds anything worth showing (an empty text, list or group does not). */
export function isEntered(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.some(isEntered);
  if (isRecord(value)) return Object.values(value).some(isEntered);
  return true;
}

/** Keys in the order the form shows them: `ui:order` (with its `*` for the rest), else the schema's, then data-only keys. */
export function orderedKeys(schema: JsonSchemaObject | undefined, ui: UiSchema, data: Record<string, unknown>): string[] {
  const known: string[] = [];
  const add = (key: string) => {
    if (!known.includes(key)) known.push(key);
  };
  if (schema && isRecord(schema.properties)) Object.keys(schema.properties).forEach(add);
  for (const dependency of Object.values(schema && isRecord(schema.dependencies) ? schema.dependencies : {})) {
    for (const branch of isRecord(dependency) && Array.isArray(dependency.oneOf) ? dependency.oneOf : []) {
      if (isRecord(branch) && isRecord(branch.properties)) Object.keys(branch.properties).forEach(add);
    }
  }
  Object.keys(data).forEach(add);
  const order = Array.isArray(ui['ui:order']) ? (ui['ui:order'] as unknown[]).filter((key): key is string => typeof key === 'string') : [];
  if (order.length === 0) return known;
  const rest = known.filter((key) => !order.includes(key));
  const star = order.indexOf('*');
  const listed = order.filter((key) => key !== '*' && known.includes(key));
  return star === -1 ? [...listed, ...rest] : [...listed.slice(0, star), ...rest, ...listed.slice(star)];
}

/** The name the form shows for a choice: `ui:enumNames` by position, a `oneOf`/`anyOf` branch's title, else the value. */
function choiceName(schema: JsonSchemaObject | undefined, ui: UiSchema, value: unknown): string | undefined {
  if (!schema) return undefined;
  const names = Array.isArray(ui['ui:enumNames']) ? (ui['ui:enumNames'] as unknown[]) : undefined;
  if (names && Array.isArray(schema.enum)) {
    const index = (schema.enum as unknown[]).indexOf(value);
    if (index >= 0 && typeof names[index] === 'string') return names[index];
  }
  for (const branches of [schema.oneOf, schema.anyOf]) {
    for (const branch of Array.isArray(branches) ? branches : []) {
      if (isRecord(branch) && branch.const === value && typeof branch.title === 'string') return branch.title;
    }
  }
  return undefined;
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** A calendar date names a day, whatever the reader's time zone. */
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** One value as the form would show it. */
export function valueText(schema: JsonSchemaObject | undefined, ui: UiSchema, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const named = choiceName(schema, ui, value);
  if (named !== undefined) return named;
  if (typeof value === 'string') {
    if (schema?.format === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
      const day = new Date(`${value}T00:00:00Z`);
      if (!Number.isNaN(day.getTime())) return dateFormat.format(day);
    }
    if (schema?.format === 'date-time') {
      const time = new Date(value);
      if (!Number.isNaN(time.getTime())) return dateTimeFormat.format(time);
    }
    return value;
  }
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const isLongText = (schema: JsonSchemaObject | undefined, ui: UiSchema) =>
  ui['ui:widget'] === 'textarea' || (typeof schema?.maxLength === 'number' && schema.maxLength > 200);

/** The nodes of one value: a field, a group of fields, or a list's items. */
function nodesOf(schema: JsonSchemaObject | undefined, ui: UiSchema, value: unknown, key: string, label: string, path: string): ViewNode[] {
  if (!isEntered(value)) return [];
  if (Array.isArray(value)) {
    const items = isRecord(schema?.items) ? (schema.items as JsonSchemaObject) : undefined;
    const itemUi = uiOf(ui, 'items');
    const objects = value.some((item) => isRecord(item) || Array.isArray(item));
    if (!objects) {
      // A list of choices or texts: one field, the names joined (coverages). Names may sit on the list's uiSchema or its items'.
      const names = { ...ui, ...itemUi };
      const texts = value.filter(isEntered).map((item) => valueText(items, names, item));
      return [{ kind: 'value', key, label, path, text: texts.join(', '), value, long: false }];
    }
    return value.flatMap((item, index) => {
      const itemPath = `${path}.${index}`;
      const itemLabel = `${label} › ${index + 1}`;
      const children = isRecord(item) ? childrenOf(items, itemUi, item, itemPath) : nodesOf(items, itemUi, item, String(index), itemLabel, itemPath);
      return children.length > 0 ? [{ kind: 'group' as const, key: String(index), label: itemLabel, path: itemPath, children }] : [];
    });
  }
  if (isRecord(value)) {
    const children = childrenOf(schema, ui, value, path);
    return children.length > 0 ? [{ kind: 'group', key, label, path, children }] : [];
  }
  const widget = typeof ui['ui:widget'] === 'string' ? ui['ui:widget'] : undefined;
  return [{ kind: 'value', key, label, path, text: valueText(schema, ui, value), value, widget, long: isLongText(schema, ui) }];
}

function childrenOf(schema: JsonSchemaObject | undefined, ui: UiSchema, data: Record<string, unknown>, path: string): ViewNode[] {
  return orderedKeys(schema, ui, data).flatMap((key) => {
    const child = propertySchemaOf(schema, key);
    return nodesOf(child, uiOf(ui, key), data[key], key, titleOf(child, key), path ? `${path}.${key}` : key);
  });
}

/** The form data by section, in the form's order; a section with nothing entered has no nodes. */
export function formSections(schema: JsonSchemaObject, uiSchema: UiSchema, data: Record<string, unknown>): ViewSection[] {
  return orderedKeys(schema, uiSchema, data).map((key) => {
    const section = propertySchemaOf(schema, key);
    const ui = uiOf(uiSchema, key);
    const value = data[key];
    const title = titleOf(section, key);
    // A section that is an object lists its fields directly; a list, its items; a single value, itself.
    const nodes = isRecord(value) ? childrenOf(section, ui, value, key) : nodesOf(section, ui, value, key, title, key);
    return { key, title, description: typeof section?.description === 'string' ? section.description : undefined, nodes };
  });
}

/** The schema of the field at a dotted path ("vehicles.1" → the vehicles' item schema), and its uiSchema. */
function schemaAtPath(schema: JsonSchemaObject | undefined, uiSchema: UiSchema, path: string): { schema: JsonSchemaObject | undefined; ui: UiSchema } {
  let node: JsonSchemaObject | undefined = schema;
  let ui = uiSchema;
  for (const segment of path.split('.').filter(Boolean)) {
    if (/^\d+$/.test(segment)) {
      node = isRecord(node?.items) ? (node.items as JsonSchemaObject) : undefined;
      ui = uiOf(ui, 'items');
    } else {
      node = propertySchemaOf(node, segment);
      ui = uiOf(ui, segment);
    }
  }
  return { schema: node, ui };
}

/**
 * A value that changed at a path, as the notice shows it: a field's text ("Yes", a date, a choice's
 * name), or for a whole object or list (a vehicle added) its fields labelled with the form's titles.
 */
export function changedValueView(schema: JsonSchemaObject | undefined, uiSchema: UiSchema, path: string, value: unknown): ViewNode[] {
  const at = schemaAtPath(schema, uiSchema, path);
  const key = path.split('.').pop() ?? path;
  if (isRecord(value)) return childrenOf(at.schema, at.ui, value, path);
  return nodesOf(at.schema, at.ui, value, key, titleOf(at.schema, key), path);
}
