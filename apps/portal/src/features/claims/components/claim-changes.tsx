// Fields that changed, with before and after, labelled by the form's titles ("Our vehicles › 1 ›
// Damage"): an edit in the claim's timeline (a short list), and a snapshot's differences from the
// previous one (a table).
import { Stack, Table, Text } from '@mantine/core';
import { fieldLabel, type JsonSchemaObject } from '@clearlane/contract/claim-form/claim-form';

export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
}

/** A value as the table shows it: nothing as "—", yes/no, lists and groups as JSON. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** A short list (a timeline entry): each field, then "before → after". */
export function ChangesList({ changes, schema, label }: { changes: FieldChange[]; schema: JsonSchemaObject | undefined; label: string }) {
  return (
    <Stack component="ul" gap={4} m={0} p={0} aria-label={label} style={{ listStyle: 'none' }}>
      {changes.map((change) => (
        <Text component="li" key={change.path} fz="xs" style={{ overflowWrap: 'anywhere' }}>
          <Text span fz="xs" fw={600}>
            {schema ? fieldLabel(schema, change.path) : change.path}
          </Text>
          : {shownValue(change.before)} → {shownValue(change.after)}
        </Text>
      ))}
    </Stack>
  );
}

export function ChangesTable({ changes, schema, caption }: { changes: FieldChange[]; schema: JsonSchemaObject | undefined; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={300} type="native">
      <Table fz="sm" withTableBorder verticalSpacing="xs" captionSide="top">
        <Table.Caption style={{ textAlign: 'left' }}>
          <Text span fz="xs" c="dimmed">
            {caption}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Field</Table.Th>
            <Table.Th scope="col">Before</Table.Th>
            <Table.Th scope="col">After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={change.path}>
              <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {schema ? fieldLabel(schema, change.path) : change.path}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{shownValue(change.before)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{shownValue(change.after)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
