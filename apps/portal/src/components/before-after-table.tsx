// Something before and after a change, one row per field: the claim's edits (timeline) and a
// snapshot's differences, the outcomes a ruleset change would bring, a monitoring alert's values.
// A real table (caption, column headers, a row header per field) that stacks its rows where it is
// narrow (before-after-table.css), so it never scrolls sideways on a phone or in a side column.
import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import './before-after-table.css';

export interface BeforeAfterRow {
  key: string;
  /** What changed: the row's header. */
  field: ReactNode;
  before: ReactNode;
  after: ReactNode;
  /** Said after the new value ("(changed)") when a table lists unchanged values too. */
  changed?: boolean;
}

export interface BeforeAfterTableProps {
  /** The table's name; shown above it unless `captionHidden` (a heading beside it says it already). */
  caption: string;
  captionHidden?: boolean;
  rows: BeforeAfterRow[];
  /** The column headers: "Field", "Before", "After" unless the page says it otherwise ("Order", "Now"). */
  headers?: { field?: string; before?: string; after?: string };
  /** The text size: `xs` in a timeline entry. */
  size?: 'xs' | 'sm';
  /** Whether to mark the changed values (bold, "(changed)"), for tables that list unchanged values too. */
  markChanged?: boolean;
}

const cellStyle = { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', verticalAlign: 'top' } as const;

export function BeforeAfterTable({ caption, captionHidden = false, rows, headers = {}, size = 'sm', markChanged = false }: BeforeAfterTableProps) {
  const { field = 'Field', before = 'Before', after = 'After' } = headers;
  return (
    <div className="before-after">
      {/* Explicit roles: the narrow layout's display: block must not cost the table its semantics. */}
      <Table role="table" fz={size} withTableBorder verticalSpacing="xs" horizontalSpacing="sm" captionSide="top">
        <Table.Caption style={{ textAlign: 'left', marginBottom: 4 }}>
          {captionHidden ? (
            <VisuallyHidden>{caption}</VisuallyHidden>
          ) : (
            <Text span fz="xs" c="dimmed">
              {caption}
            </Text>
          )}
        </Table.Caption>
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
            <Table.Th role="columnheader" scope="col">
              {field}
            </Table.Th>
            <Table.Th role="columnheader" scope="col">
              {before}
            </Table.Th>
            <Table.Th role="columnheader" scope="col">
              {after}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {rows.map((row) => {
            const marked = markChanged && row.changed;
            return (
              <Table.Tr role="row" key={row.key}>
                <Table.Th role="rowheader" scope="row" fw={600} style={cellStyle}>
                  {row.field}
                </Table.Th>
                <Table.Td role="cell" data-label={before} c={markChanged ? 'dimmed' : undefined} style={cellStyle}>
                  {row.before}
                </Table.Td>
                <Table.Td role="cell" data-label={after} fw={marked ? 700 : undefined} style={cellStyle}>
                  {row.after}
                  {marked && (
                    <Text span fz="xs" c="dimmed" fw={400}>
                      {' '}
                      (changed)
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
