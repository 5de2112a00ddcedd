// The list-page building block every list uses (users, orders, drivers, businesses, reports): the
// URL is the view (sort, page, filters), sortable headers carry aria-sort, a count the server stopped
// at reads "more than 10,000", and a list shows its error, loading and empty states.
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Page } from '@clearlane/contract/pagination';
import { theme } from '../../src/app/theme.ts';
import { ListFilters } from '../../src/components/list-view/list-filters.tsx';
import { ListTable, type ListColumn, type ListResult } from '../../src/components/list-view/list-table.tsx';
import { paginationText } from '../../src/components/list-view/pagination-text.ts';
import { useListView } from '../../src/components/list-view/use-list-view.ts';
import { listQueryOf, listSearchFields } from '../../src/lib/list-search.ts';
import { searchText } from '../../src/lib/search-params.ts';
import { searchSchema, type SearchOfSchema } from '../../src/lib/search-schema.ts';

interface Thing {
  id: string;
  name: string;
  createdAt: string;
}

const thingsSearchSchema = searchSchema({ ...listSearchFields(['name', 'createdAt']), filter: searchText(100) });
type ThingsSearch = SearchOfSchema<typeof thingsSearchSchema>;

const columns: ListColumn<Thing>[] = [
  { accessor: 'name', title: 'Name', sortable: true },
  { accessor: 'colour', title: 'Colour', render: () => 'blue', wideOnly: true },
  { accessor: 'createdAt', title: 'Added', sortable: true },
];

const things = (count: number, meta: Partial<Page<Thing>['page']> = {}): Page<Thing> => ({
  content: Array.from({ length: count }, (_, index) => ({ id: `t${index}`, name: `Thing ${index}`, createdAt: '2025-01-01T00:00:00Z' })),
  page: { number: 0, size: 20, totalElements: count, totalPages: 1, ...meta },
});

const answered = (data: Page<Thing> | undefined, overrides: Partial<ListResult<Thing>> = {}): ListResult<Thing> => ({
  data,
  error: null,
  isPending: false,
  isFetching: false,
  isPlaceholderData: false,
  refetch: vi.fn(),
  ...overrides,
});

/** A /things route with the block, in a memory router, so the URL it writes can be read back. */
async function renderList(result: ListResult<Thing>, initialUrl = '/things') {
  function ThingsPage() {
    const search = thingsRoute.useSearch();
    const list = useListView<ThingsSearch>({
      search,
      sort: listQueryOf(search, 'createdAt,desc').sort,
      sortFields: { name: 'name', createdAt: 'createdAt' },
      descendingFirst: ['createdAt'],
      filterKeys: ['filter'],
    });
    return (
      <>
        <ListFilters list={list} label="Filter things" searchPlaceholder="Name" />
        <ListTable
          list={list}
          result={result}
          columns={columns}
          label="Things"
          noun={{ one: 'thing', other: 'things' }}
          empty={{ icon: null, title: 'No things yet', description: 'Add one.', filteredTitle: 'No things match', filteredDescription: 'Clear the filters.' }}
        />
      </>
    );
  }
  const rootRoute = createRootRoute();
  const thingsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/things', validateSearch: thingsSearchSchema, component: ThingsPage });
  const router = createRouter({ routeTree: rootRoute.addChildren([thingsRoute]), history: createMemoryHistory({ initialEntries: [initialUrl] }) });
  render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  await screen.findByRole('search', { name: 'Filter things' });
  return router;
}

describe('paginationText', () => {
  it('counts exactly, in the singular for one', () => {
    expect(paginationText({ from: 1, to: 20, total: 245, noun: { one: 'order', other: 'orders' } })).toBe('1–20 of 245 orders');
    expect(paginationText({ from: 1, to: 1, total: 1, noun: { one: 'order', other: 'orders' } })).toBe('1–1 of 1 order');
    expect(paginationText({ from: 1001, to: 1020, total: 3400, noun: { one: 'order', other: 'orders' } })).toBe('1,001–1,020 of 3,400 orders');
  });

  it('says "more than 10,000" when the server stopped counting', () => {
    expect(paginationText({ from: 1, to: 20, total: 10_000, capped: true, noun: { one: 'order', other: 'orders' } })).toBe('1–20 of more than 10,000 orders');
  });
});

// Whole pages in a router, typed into on a busy machine: more than the default 5 s.
describe('ListTable', { timeout: 30_000 }, () => {
  it('shows the capped count under the table', async () => {
    await renderList(answered(things(20, { totalElements: 10_000, totalPages: 500, totalElementsCapped: true })));
    expect(await screen.findByText('1–20 of more than 10,000 things')).toBeInTheDocument();
  });

  it('puts aria-sort on the sortable headers and writes a header click into the URL', async () => {
    const router = await renderList(answered(things(3)));
    const table = await screen.findByRole('table', { name: 'Things' });
    expect(table).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Added/ })).toHaveAttribute('aria-sort', 'descending'));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: /Colour/ })).not.toHaveAttribute('aria-sort');

    // A new column starts ascending…
    await userEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: 'name,asc' }));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending'));
    // …the sorted one flips…
    await userEvent.click(screen.getByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: 'name,desc' }));
    // …and a date starts newest first.
    await userEvent.click(screen.getByRole('columnheader', { name: /Added/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: 'createdAt,desc' }));
  });

  it('keeps the page when paging, and goes back to the first page when the search changes', async () => {
    const router = await renderList(answered(things(20, { totalElements: 45, totalPages: 3 })), '/things?page=1');
    await userEvent.click(await screen.findByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 2 }));
    // The first page is the URL without ?page.
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));

    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'bolt');
    await waitFor(() => expect(router.state.location.search).toEqual({ filter: 'bolt' }));
  });

  it('goes to the last page from a page past the end, and to the first without ?page', async () => {
    const router = await renderList(answered(things(0, { number: 7, totalElements: 45, totalPages: 3 })), '/things?page=7&filter=%22bolt%22');
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2, filter: 'bolt' }));
    expect(screen.queryByText('No things match')).toBeNull();
  });

  it('shows the first page, not an empty one, when nothing is left past page 1', async () => {
    const router = await renderList(answered(things(0, { number: 4, totalElements: 0, totalPages: 0 })), '/things?page=4');
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('offers "Clear filters" when the filters hid every row, and clears them', async () => {
    const router = await renderList(answered(things(0)), '/things?filter=%22zzz%22&sort=%22name,asc%22');
    expect(await screen.findByText('No things match')).toBeInTheDocument();
    const clearButtons = screen.getAllByRole('button', { name: 'Clear filters' });
    await act(async () => clearButtons[clearButtons.length - 1]!.click());
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'name,asc' }));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  });

  it('says a list is empty without filters', async () => {
    await renderList(answered(things(0)));
    expect(await screen.findByText('No things yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('shows a skeleton while the first page loads', async () => {
    await renderList(answered(undefined, { isPending: true }));
    expect(screen.getByLabelText('Loading things')).toHaveAttribute('aria-busy', 'true');
  });

  it('shows what went wrong, with Try again', async () => {
    const refetch = vi.fn();
    await renderList(answered(undefined, { error: new Error('The server is down for maintenance.'), refetch }));
    expect(screen.getByRole('alert')).toHaveTextContent('The things could not be loaded');
    expect(screen.getByRole('alert')).toHaveTextContent('The server is down for maintenance.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
