// Searchable pickers over the company's drivers, businesses and orders (order forms, list filters, a
// claim's reports). The
// search runs on the server (it also matches licence numbers, external ids, EINs and DOT numbers), so
// the options are shown as the server answers them; the picked subject stays an option while the
// user searches for another.
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { Business } from '@clearlane/contract/businesses';
import type { Order } from '@clearlane/contract/orders';
import { formatEin } from '@clearlane/contract/domain/identifiers';
import type { Person } from '@clearlane/contract/persons';
import { useBusinessSearch } from '../lib/entities/businesses/get-businesses.ts';
import { useDriverSearch } from '../lib/entities/drivers/get-drivers.ts';
import { useOrderSearch } from '../lib/entities/orders/search-orders.ts';
import { ORDER_STATUS_LABELS, ORDER_TYPE_LABELS } from '../lib/order-labels.ts';

/** "Dana Q Smith (CA D1234567)": how the server names an MVR's subject too. */
export const driverOptionLabel = (driver: Person) => `${driver.fullName} (${driver.licenceState} ${driver.licenceNumber})`;
export const businessOptionLabel = (business: Business) => `${business.name} (EIN ${formatEin(business.ein)})`;
const orderDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
/** "MVR · Dana Q Smith (CA D1234567) · Complete · Nov 20, 2026". */
export const orderOptionLabel = (order: Order) =>
  `${ORDER_TYPE_LABELS[order.type]} · ${order.subjectLabel} · ${ORDER_STATUS_LABELS[order.status]} · ${orderDay.format(new Date(order.createdAt))}`;

type PickerProps = Pick<SelectProps, 'id' | 'label' | 'description' | 'error' | 'onBlur' | 'onFocus' | 'required' | 'autoFocus' | 'disabled' | 'w' | 'aria-describedby'> & { placeholder?: string };

interface SubjectPickerProps<Subject extends { id: string }> extends PickerProps {
  picked: Subject | undefined;
  onPick: (subject: Subject | undefined) => void;
  /** The page's search of the company's subjects (debounced text in, one page out). */
  useSearch: (filter: string) => { data?: { content: Subject[] }; isFetching: boolean; isError: boolean };
  labelOf: (subject: Subject) => string;
  placeholder?: string;
  nothingFound: string;
}

function SubjectPicker<Subject extends { id: string }>({ picked, onPick, useSearch, labelOf, placeholder, nothingFound, ...inputProps }: SubjectPickerProps<Subject>) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // After a pick the search box shows the picked label: that is not a search for it.
  const filter = picked && debounced === labelOf(picked) ? '' : debounced;
  const result = useSearch(filter);
  const byId = new Map((result.data?.content ?? []).map((subject) => [subject.id, subject]));
  if (picked) byId.set(picked.id, picked);
  const data = [...byId.values()].map((subject) => ({ value: subject.id, label: labelOf(subject) }));

  return (
    <Select
      {...inputProps}
      searchable
      clearable
      placeholder={placeholder}
      value={picked?.id ?? null}
      onChange={(id) => onPick(id ? byId.get(id) : undefined)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has filtered already; filtering again by label would hide matches on other fields.
      filter={({ options }) => options}
      data={data}
      nothingFoundMessage={result.isError ? 'The list could not be loaded; try again.' : result.isFetching ? 'Searching…' : nothingFound}
      maxDropdownHeight={280}
    />
  );
}

export function DriverPicker(props: PickerProps & { picked: Person | undefined; onPick: (driver: Person | undefined) => void; nothingFound?: string }) {
  return (
    <SubjectPicker
      placeholder="Search by name, licence number or external ID"
      nothingFound="No driver matches. Type the driver in instead."
      {...props}
      useSearch={useDriverSearch}
      labelOf={driverOptionLabel}
    />
  );
}

export function BusinessPicker(props: PickerProps & { picked: Business | undefined; onPick: (business: Business | undefined) => void }) {
  return (
    <SubjectPicker
      {...props}
      useSearch={useBusinessSearch}
      labelOf={businessOptionLabel}
      placeholder="Search by name, EIN or DOT number"
      nothingFound="No business matches."
    />
  );
}

export function OrderPicker(props: PickerProps & { picked: Order | undefined; onPick: (order: Order | undefined) => void }) {
  return (
    <SubjectPicker
      {...props}
      useSearch={useOrderSearch}
      labelOf={orderOptionLabel}
      placeholder="Search by driver, business, VIN or reference"
      nothingFound="No order matches."
    />
  );
}
