// A list's date-range filter: two day inputs ("Ordered from", "Ordered to") written to the URL's
// ?from= and ?to= (each bounds the other's picker; a range typed backwards is read as the days
// between, lib/list-search.ts orderedDayRange).
import { TextInput } from '@mantine/core';
import type { ListSearch } from '../../lib/list-search.ts';
import { filterWidth } from './list-filters.tsx';
import type { ListView } from './use-list-view.ts';

export function DateRangeFilter<S extends ListSearch & { from?: string; to?: string }>({ list, fromLabel, toLabel }: { list: ListView<S>; fromLabel: string; toLabel: string }) {
  const { from, to } = list.search;
  const set = (patch: { from?: string } | { to?: string }) => list.setSearch(patch as Partial<S>);
  return (
    <>
      <TextInput type="date" label={fromLabel} value={from ?? ''} max={to} onChange={(event) => set({ from: event.currentTarget.value || undefined })} w={filterWidth(170)} />
      <TextInput type="date" label={toLabel} value={to ?? ''} min={from} onChange={(event) => set({ to: event.currentTarget.value || undefined })} w={filterWidth(170)} />
    </>
  );
}
