// /businesses: the company's businesses. Search, state filter, sort and page live in the URL (businesses-search.ts).
import { Anchor, Button, EmptyState, Select, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingPlus, IconBuildingSkyscraper } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { LICENCE_FORMATS } from '@clearlane/contract/domain/driver-licence-formats';
import type { Business } from '@clearlane/contract/businesses';
import { Can } from '../../../lib/ability.tsx';
import { useUserContext } from '../../../lib/current-user.ts';
import { useBusinesses } from '../../../lib/entities/businesses/get-businesses.ts';
import { BUSINESS_FILTER_KEYS, businessesQueryOf, STATE_CODES, type BusinessSortKey, type BusinessesSearch } from '../businesses-search.ts';
import { date, dateTime, einOf } from './format.ts';
import { filterWidth, ListFilters, ListHeader } from '../../../components/list-view/list-filters.tsx';
import { ListTable, type ListColumn } from '../../../components/list-view/list-table.tsx';
import { useListView } from '../../../components/list-view/use-list-view.ts';

const routeApi = getRouteApi('/_authenticated/businesses/');

/** Table column → the API's sort field. */
const SORT_FIELD_OF: Record<string, BusinessSortKey> = {
  name: 'name',
  state: 'state',
  createdAt: 'createdAt',
};

const STATE_FILTER_OPTIONS = STATE_CODES.map((code) => ({ value: code, label: `${LICENCE_FORMATS[code].name} (${code})` })).sort((a, b) =>
  a.label.localeCompare(b.label),
);

export function BusinessesPage() {
  useDocumentTitle('Businesses · Clearlane');
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const context = useUserContext();
  const query = businessesQueryOf(search);
  const businesses = useBusinesses(query);
  const list = useListView<BusinessesSearch>({ search, sort: query.sort, sortFields: SORT_FIELD_OF, filterKeys: BUSINESS_FILTER_KEYS });

  const columns: ListColumn<Business>[] = [
    {
      accessor: 'name',
      title: 'Name',
      sortable: true,
      render: (business) => (
        <Anchor
          renderRoot={(props) => <Link {...props} to="/businesses/$id" params={{ id: business.id }} />}
          fz="sm"
          fw={600}
          onClick={(event: React.MouseEvent) => event.stopPropagation()}
        >
          {business.name}
        </Anchor>
      ),
    },
    {
      accessor: 'ein',
      wideOnly: true,
      title: 'EIN',
      render: (business) => (
        <Text span fz="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {einOf(business.ein)}
        </Text>
      ),
    },
    {
      accessor: 'dotNumber',
      wideOnly: true,
      title: 'USDOT',
      render: (business) =>
        business.dotNumber ? (
          <Text span fz="sm" ff="monospace">
            {business.dotNumber}
          </Text>
        ) : (
          <Text span fz="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      accessor: 'state',
      title: 'Location',
      sortable: true,
      render: (business) => (
        <Text span fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {business.city ? `${business.city}, ` : ''}
          {business.state}
        </Text>
      ),
    },
    {
      accessor: 'createdAt',
      wideOnly: true,
      title: 'Added',
      sortable: true,
      render: (business) => (
        <time dateTime={business.createdAt} title={dateTime.format(new Date(business.createdAt))} style={{ whiteSpace: 'nowrap' }}>
          {date.format(new Date(business.createdAt))}
        </time>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <ListHeader
        title="Businesses"
        description={`The businesses of ${context.user.companyName} you order risk assessments for.`}
        action={
          <Can I="create" a="Business">
            <Button component={Link} to="/businesses/add-business" leftSection={<IconBuildingPlus size={18} aria-hidden />}>
              Add business
            </Button>
          </Can>
        }
      />
      <ListFilters list={list} label="Filter businesses" searchPlaceholder="Name, EIN or USDOT number" searchWidth={280}>
        <Select
          label="State"
          placeholder="All states"
          data={STATE_FILTER_OPTIONS}
          value={search.state ?? null}
          onChange={(value) => list.setSearch({ state: (value as BusinessesSearch['state']) ?? undefined })}
          searchable
          clearable
          nothingFoundMessage="No state of that name"
          w={filterWidth(240)}
        />
      </ListFilters>
      <ListTable
        linksToDetails
        list={list}
        result={businesses}
        columns={columns}
        label="Businesses"
        noun={{ one: 'business', other: 'businesses' }}
        onRowClick={(business) => void navigate({ to: '/businesses/$id', params: { id: business.id } })}
        empty={{
          icon: <IconBuildingSkyscraper size={28} aria-hidden />,
          title: 'No businesses yet',
          description: 'Add the businesses you want to order risk assessments for.',
          actions: (
            <Can I="create" a="Business">
              <EmptyState.Actions>
                <Button component={Link} to="/businesses/add-business" variant="light" leftSection={<IconBuildingPlus size={16} aria-hidden />}>
                  Add your first business
                </Button>
              </EmptyState.Actions>
            </Can>
          ),
          filteredTitle: 'No businesses match your search',
          filteredDescription: 'Try a different name, EIN, USDOT number or state, or clear the filters.',
        }}
      />
    </Stack>
  );
}
