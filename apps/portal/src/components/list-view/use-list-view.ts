// The state of a list page, all of it in the URL: filters, the search box (debounced into
// ?filter=), sort (table column ↔ the API's sort field) and page. The page's route validates the
// search params (its schema spreads listSearchFields); this hook only writes them back.
import { useDebouncedCallback } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { hasFilters, type ListPageSize, type ListSearch } from '../../lib/list-search.ts';

export type SortDirection = 'asc' | 'desc';
export interface ListSortStatus {
  columnAccessor: string;
  direction: SortDirection;
}

export interface ListViewOptions<S extends ListSearch> {
  /** The route's validated search params. */
  search: S;
  /** The view's sort as the API reads it (`field,dir`), its default filled in. */
  sort: string;
  /** Table column → the API's sort field; only these columns are sortable. */
  sortFields: Record<string, string>;
  /** API sort field → column, for a sort field shown in another column (drivers' firstName in Name). */
  sortAliases?: Record<string, string>;
  /** Sort fields whose first click sorts descending (dates: newest first); others start ascending. */
  descendingFirst?: readonly string[];
  /** The search params that are filters: what makes a list "filtered" and what "Clear filters" clears. */
  filterKeys: readonly (keyof S & string)[];
}

export interface ListView<S extends ListSearch> {
  search: S;
  /** Writes search params into the URL (replacing the history entry); any change but paging goes back to page 1. */
  setSearch: (patch: Partial<S>, options?: { keepPage?: boolean }) => void;
  filtered: boolean;
  /** How many filters other than the search box are set (shown on a phone's collapsed "Filters" button). */
  activeFilterCount: number;
  clearFilters: () => void;
  /** The search box: what is typed shows at once, the URL (and the request) follows 300 ms later. */
  text: { value: string; change: (value: string) => void; clear: () => void };
  sortStatus: ListSortStatus;
  /** A click on a sortable header: a new column starts in its first direction, the sorted one flips. */
  changeSort: (status: ListSortStatus) => void;
  /** Sorts by a column in a direction (a phone's "Sort by" choice). */
  setSort: (status: ListSortStatus) => void;
  setPage: (page: number) => void;
  setPageSize: (size: ListPageSize) => void;
}

/** A patch of search params this hook writes itself (the filter, sort, page), typed as the page's own. */
const patchOf = <S>(patch: Record<string, unknown>) => patch as unknown as Partial<S>;

export function useListView<S extends ListSearch>(options: ListViewOptions<S>): ListView<S> {
  const { search, sortFields, sortAliases = {}, descendingFirst = [], filterKeys } = options;
  const navigate = useNavigate();
  const initialText = (search as { filter?: unknown }).filter;
  const [text, setText] = useState(typeof initialText === 'string' ? initialText : '');

  const setSearch = (patch: Partial<S>, { keepPage = false } = {}) => {
    // The page's own route is '.', whichever list this is; the patch is typed by the caller's S.
    const update = (previous: S) => ({ ...previous, ...patch, ...(keepPage ? {} : { page: undefined }) });
    void navigate({ to: '.', search: update as never, replace: true });
  };
  const applyText = useDebouncedCallback((value: string) => setSearch(patchOf({ filter: value.trim() || undefined })), 300);

  const clearFilters = () => {
    applyText.cancel();
    setText('');
    setSearch(patchOf(Object.fromEntries(filterKeys.map((key) => [key, undefined]))));
  };

  const columnOfField: Record<string, string> = { ...Object.fromEntries(Object.entries(sortFields).map(([column, field]) => [field, column])), ...sortAliases };
  const [sortField = '', sortDirection] = options.sort.split(',');
  const sortStatus: ListSortStatus = { columnAccessor: columnOfField[sortField] ?? sortField, direction: sortDirection === 'asc' ? 'asc' : 'desc' };

  return {
    search,
    setSearch,
    filtered: hasFilters(search, filterKeys),
    activeFilterCount: filterKeys.filter((key) => key !== 'filter' && search[key] !== undefined && search[key] !== '').length,
    clearFilters,
    text: {
      value: text,
      change: (value) => {
        setText(value);
        applyText(value);
      },
      clear: () => {
        applyText.cancel();
        setText('');
        setSearch(patchOf({ filter: undefined }));
      },
    },
    sortStatus,
    changeSort: ({ columnAccessor, direction }) => {
      const field = sortFields[columnAccessor];
      if (!field) return;
      const next = field === sortField ? direction : descendingFirst.includes(field) ? 'desc' : 'asc';
      setSearch(patchOf({ sort: `${field},${next}` }));
    },
    setSort: ({ columnAccessor, direction }) => {
      const field = sortFields[columnAccessor];
      if (field) setSearch(patchOf({ sort: `${field},${direction}` }));
    },
    // The first page is the URL without ?page.
    setPage: (page) => setSearch(patchOf({ page: page > 0 ? page : undefined }), { keepPage: true }),
    setPageSize: (size) => setSearch(patchOf({ size })),
  };
}
