// One set of fetchers and keys per entity: the order form's driver and business pickers read the
// same cache entries as the drivers and businesses pages, so adding a driver (which refreshes the
// drivers lists) refreshes the picker too, and a driver already loaded is not fetched again.
import { hashKey, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { driversQueryOf, driversSearchSchema } from '../../src/features/drivers/drivers-search.ts';
import { businessesQueryOf, businessesSearchSchema } from '../../src/features/businesses/businesses-search.ts';
import { businessesQueryOptions, businessPickerQuery } from '../../src/lib/entities/businesses/get-businesses.ts';
import { driverQueryOptions } from '../../src/lib/entities/drivers/get-driver.ts';
import { driverPickerQuery, driversQueryOptions } from '../../src/lib/entities/drivers/get-drivers.ts';
import { queryKeys } from '../../src/lib/query-keys.ts';

describe('entity query keys', () => {
  it("the driver picker's search is the drivers page's view of the same search", () => {
    const page = driversQueryOptions(driversQueryOf(driversSearchSchema.parse({ filter: 'smith', sort: 'lastName,asc' })));
    const picker = driversQueryOptions(driverPickerQuery(' smith '));
    expect(hashKey(picker.queryKey)).toBe(hashKey(page.queryKey));
  });

  it("the business picker's search is the businesses page's view of the same search", () => {
    const page = businessesQueryOptions(businessesQueryOf(businessesSearchSchema.parse({ filter: 'acme', sort: 'name,asc' })));
    expect(hashKey(businessesQueryOptions(businessPickerQuery('acme')).queryKey)).toBe(hashKey(page.queryKey));
  });

  it('refreshing the drivers lists (a driver was added or changed) reaches the picker, not the other entities', async () => {
    const client = new QueryClient();
    const picker = driversQueryOptions(driverPickerQuery(''));
    client.setQueryData(picker.queryKey, { content: [], page: { number: 0, size: 20, totalElements: 0, totalPages: 0 } });
    client.setQueryData(driverQueryOptions('d1').queryKey, { id: 'd1' } as never);
    client.setQueryData(queryKeys.businesses.list(businessPickerQuery('')), { content: [], page: { number: 0, size: 20, totalElements: 0, totalPages: 0 } });

    await client.invalidateQueries({ queryKey: queryKeys.drivers.lists });

    expect(client.getQueryState(picker.queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(driverQueryOptions('d1').queryKey)?.isInvalidated).toBe(false);
    expect(client.getQueryState(queryKeys.businesses.list(businessPickerQuery('')))?.isInvalidated).toBe(false);
  });
});
