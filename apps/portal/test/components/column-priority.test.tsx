// Tables on a phone (issue 13): key columns always, the others from a wider screen on, what is left
// out reachable under the row ("More") or on the row's own page; and a full table never says
// "No records" to a screen reader.
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { theme } from '../../src/app/theme.ts';
import { DESKTOP_SCREEN, priorityOf, splitColumns, usePrioritizedColumns, WIDE_SCREEN, type ListColumn } from '../../src/components/list-view/column-priority.tsx';
import { SortableDataTable } from '../../src/components/sortable-data-table.tsx';

interface Row {
  id: string;
  name: string;
  status: string;
  colour: string;
  added: string;
}

const rows: Row[] = [
  { id: 'r1', name: 'Smith, Jane', status: 'Complete', colour: 'blue', added: '2025-01-01' },
  { id: 'r2', name: 'Doe, John', status: 'New', colour: 'red', added: '2025-02-01' },
];

const columns: ListColumn<Row>[] = [
  { accessor: 'name', title: 'Name' },
  { accessor: 'status', title: 'Status' },
  { accessor: 'colour', title: 'Colour', wideOnly: true },
  { accessor: 'added', title: 'Added', priority: 3, render: (row) => `added ${row.added}` },
];

const realMatchMedia = window.matchMedia;
/** A screen `width` px wide: the two list breakpoints answer as a browser would (48em = 768 px, 62em = 992 px). */
function screenOf(width: number) {
  window.matchMedia = ((query: string) => ({
    ...realMatchMedia(query),
    matches: query === WIDE_SCREEN ? width >= 768 : query === DESKTOP_SCREEN ? width >= 992 : true,
  })) as typeof window.matchMedia;
}
beforeEach(() => screenOf(1440));
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

function Table({ records = rows, linksToDetails = false, fetching = false }: { records?: Row[]; linksToDetails?: boolean; fetching?: boolean }) {
  const priority = usePrioritizedColumns(columns, { linksToDetails, noun: { one: 'row' } });
  return (
    <SortableDataTable<Row>
      {...priority.tableProps}
      records={records}
      columns={priority.columns}
      sortStatus={{ columnAccessor: 'name', direction: 'asc' }}
      fetching={fetching}
      aria-label="Rows"
    />
  );
}

const renderTable = (props: Parameters<typeof Table>[0] = {}) =>
  render(
    <MantineProvider theme={theme}>
      <Table {...props} />
    </MantineProvider>,
  );

const headers = () => within(screen.getByRole('table', { name: 'Rows' })).getAllByRole('columnheader').map((header) => header.textContent);

describe('column priority', () => {
  it('defaults to a key column, a wideOnly one to priority 2', () => {
    expect(columns.map(priorityOf)).toEqual([1, 1, 2, 3]);
    expect(splitColumns(columns, 1)).toEqual({ shown: columns.slice(0, 2), hidden: columns.slice(2) });
    expect(splitColumns(columns, 3).hidden).toEqual([]);
  });

  it('shows every column on a desktop, with no "More" buttons', () => {
    renderTable();
    expect(headers()).toEqual(['Name', 'Status', 'Colour', 'Added']);
    expect(screen.queryByRole('button', { name: /^More about/ })).toBeNull();
  });

  it('leaves priority 3 out on a tablet and everything but the key columns on a phone', () => {
    screenOf(800);
    const { unmount } = renderTable();
    expect(headers()).toEqual(['Name', 'Status', 'Colour']);
    unmount();
    screenOf(390);
    renderTable();
    expect(headers()).toEqual(['Name', 'Status']);
  });

  it('shows a row\'s left-out columns under it with its "More" button', async () => {
    screenOf(390);
    renderTable();
    const more = screen.getByRole('button', { name: 'More about Smith, Jane' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('added 2025-01-01')).toBeNull();
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const details = await screen.findByText('added 2025-01-01');
    const list = details.closest('dl')!;
    expect(within(list).getByText('Colour').tagName).toBe('DT');
    expect(within(list).getByText('blue').tagName).toBe('DD');
    // The other row stays closed.
    expect(screen.getByRole('button', { name: 'More about Doe, John' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('needs no "More" when the first column links to the row\'s own page', () => {
    screenOf(390);
    renderTable({ linksToDetails: true });
    expect(headers()).toEqual(['Name', 'Status']);
    expect(screen.queryByRole('button', { name: /^More about/ })).toBeNull();
  });
});

describe('the empty state of a table', () => {
  it('is not in the page under rows', () => {
    renderTable();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByText('No records')).toBeNull();
  });

  it('is not in the page while an empty table loads', () => {
    renderTable({ records: [], fetching: true });
    expect(screen.queryByText('No records')).toBeNull();
  });

  it('says so when the table is empty', () => {
    renderTable({ records: [] });
    expect(screen.getByText('No records')).toBeInTheDocument();
  });
});
