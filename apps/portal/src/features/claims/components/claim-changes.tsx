// Fields that changed, with before and after, labelled by the form's titles ("Our vehicles › 1 ›
// Damage"): an edit in the claim's timeline, and a snapshot's differences from the previous one. A
// value reads as the notice shows it; a whole object added or removed (a vehicle, a driver) lists its
// fields by their titles, never as JSON.
import { Stack, Text } from '@mantine/core';
import { fieldLabel, type JsonSchemaObject } from '@clearlane/contract/claim-form/claim-form';
import { BeforeAfterTable } from '../../../components/before-after-table.tsx';
import { changedValueView, type UiSchema, type ViewNode, type ViewValue } from '../form-view.ts';
import { ValueOf } from './claim-form-view.tsx';

export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
}

/** The claim form a change is read against: its schema and uiSchema (undefined while it loads). */
export interface ChangeForm {
  schema: JsonSchemaObject;
  uiSchema: UiSchema;
}

/** Every field under a group, labelled from the group down ("Damage", "Driver › First name"). */
function flatten(nodes: ViewNode[], prefix = ''): ViewValue[] {
  return nodes.flatMap((node) => (node.kind === 'value' ? [{ ...node, label: prefix + node.label }] : flatten(node.children, `${prefix}${node.label} › `)));
}

/** A value as the table shows it: nothing as "—", a field as the notice shows it, a group as its labelled fields. */
export function ChangedValue({ value, path, form }: { value: unknown; path: string; form: ChangeForm | undefined }) {
  const nodes = changedValueView(form?.schema, form?.uiSchema ?? {}, path, value);
  if (nodes.length === 0) return <>—</>;
  const single = nodes.length === 1 && nodes[0]!.kind === 'value' && nodes[0]!.path === path;
  if (single) return <ValueOf node={nodes[0] as ViewValue} />;
  return (
    <Stack component="dl" gap={2} m={0}>
      {flatten(nodes).map((node) => (
        <div key={node.path}>
          <Text component="dt" fz="inherit" c="dimmed" display="inline">
            {node.label}:{' '}
          </Text>
          <Text component="dd" fz="inherit" m={0} display="inline">
            <ValueOf node={node} />
          </Text>
        </div>
      ))}
    </Stack>
  );
}

export interface ChangesTableProps {
  changes: FieldChange[];
  form: ChangeForm | undefined;
  caption: string;
  captionHidden?: boolean;
  size?: 'xs' | 'sm';
}

export function ChangesTable({ changes, form, caption, captionHidden, size }: ChangesTableProps) {
  return (
    <BeforeAfterTable
      caption={caption}
      captionHidden={captionHidden}
      size={size}
      rows={changes.map((change) => ({
        key: change.path,
        field: form ? fieldLabel(form.schema, change.path) : change.path,
        before: <ChangedValue value={change.before} path={change.path} form={form} />,
        after: <ChangedValue value={change.after} path={change.path} form={form} />,
      }))}
    />
  );
}
