// /claims: the company's claims (loss notices). Search, status, kind, loss dates, sort and page live
// in the URL (claims-search.ts), on the shared list block.
import { Anchor, Button, EmptyState, Select, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFilePlus, IconShieldCheck } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { Claim } from '@clearlane/contract/claims';
import { DateRangeFilter } from '../../../components/list-view/date-range-filter.tsx';
import { filterWidth, ListFilters, ListHeader } from '../../../components/list-view/list-filters.tsx';
import { ListTable, type ListColumn } from '../../../components/list-view/list-table.tsx';
import { useListView } from '../../../components/list-view/use-list-view.ts';
import { Can } from '../../../lib/ability.tsx';
import { useUserContext } from '../../../lib/current-user.ts';
import { useClaims } from '../../../lib/entities/claims/get-claims.ts';
import { CLAIM_KIND_OPTIONS, CLAIM_STATUS_OPTIONS, type ClaimSortKey, type ClaimsSearch } from '../claims-search.ts';
import { CLAIM_FILTER_KEYS, claimsQueryOf } from '../claims-query.ts';
import { ADD_CLAIM_PATH } from '../claim-paths.ts';
import { ClaimKindBadge, ClaimStatusBadge, CLAIM_KIND_LABELS } from './claim-badges.tsx';
import { formatDate, formatDateTime } from './format.ts';

const routeApi = getRouteApi('/_authenticated/claims/');

/** Table column → the API's sort field. */
const SORT_FIELD_OF: Record<string, ClaimSortKey> = {
  title: 'policyNumber',
  lossOccurredAt: 'lossOccurredAt',
  status: 'status',
  kind: 'kind',
  updatedAt: 'updatedAt',
};
const DESCENDING_FIRST: readonly ClaimSortKey[] = ['lossOccurredAt', 'updatedAt', 'createdAt'];

/** The list line under the policy: the claim's title without the policy it starts with. */
export const subtitleOf = (claim: Pick<Claim, 'title' | 'policyNumber'>) => {
  const prefix = claim.policyNumber ? `Policy ${claim.policyNumber} · ` : '';
  return prefix && claim.title.startsWith(prefix) ? claim.title.slice(prefix.length) : claim.title;
};

function When({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} style={{ whiteSpace: 'nowrap' }}>
      {withTime ? formatDateTime(iso) : formatDate(iso)}
    </time>
  );
}

function NewClaimButton({ variant, label = 'New claim' }: { variant?: 'filled' | 'light'; label?: string }) {
  return (
    <Button component={Link} to={ADD_CLAIM_PATH as never} variant={variant} leftSection={<IconFilePlus size={18} aria-hidden />}>
      {label}
    </Button>
  );
}

export function ClaimsPage() {
  useDocumentTitle('Claims · Clearlane');
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const context = useUserContext();
  const query = claimsQueryOf(search);
  const claims = useClaims(query);
  const list = useListView<ClaimsSearch>({ search, sort: query.sort, sortFields: SORT_FIELD_OF, descendingFirst: DESCENDING_FIRST, filterKeys: CLAIM_FILTER_KEYS });

  const columns: ListColumn<Claim>[] = [
    {
      accessor: 'title',
      title: 'Claim',
      sortable: true,
      render: (claim) => (
        <Stack gap={2}>
          <Anchor
            renderRoot={(props) => <Link {...props} to="/claims/$id" params={{ id: claim.id }} />}
            fz="sm"
            fw={600}
            onClick={(event: React.MouseEvent) => event.stopPropagation()}
          >
            {claim.policyNumber ? `Policy ${claim.policyNumber}` : 'No policy number yet'}
          </Anchor>
          <Text fz="xs" c="dimmed" lineClamp={2}>
            {subtitleOf(claim)}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'lossOccurredAt',
      title: 'Loss',
      sortable: true,
      render: (claim) =>
        claim.lossOccurredAt ? (
          <When iso={claim.lossOccurredAt} />
        ) : (
          <Text span fz="sm" c="dimmed">
            —
          </Text>
        ),
    },
    { accessor: 'status', title: 'Status', sortable: true, render: (claim) => <ClaimStatusBadge status={claim.status} /> },
    { accessor: 'kind', title: 'Kind', sortable: true, wideOnly: true, render: (claim) => <ClaimKindBadge kind={claim.kind} /> },
    {
      accessor: 'orderCount',
      title: 'Reports',
      wideOnly: true,
      textAlign: 'right',
      render: (claim) => <Text span fz="sm">{claim.orderCount}</Text>,
    },
    {
      accessor: 'snapshotCount',
      title: 'Published',
      wideOnly: true,
      render: (claim) => (
        <Text span fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {claim.snapshotCount === 0 ? 'Not yet' : claim.snapshotCount === 1 ? 'Once' : `${claim.snapshotCount} times`}
        </Text>
      ),
    },
    { accessor: 'updatedAt', title: 'Updated', sortable: true, wideOnly: true, render: (claim) => <When iso={claim.updatedAt} withTime /> },
  ];

  return (
    <Stack gap="lg">
      <ListHeader title="Claims" description={`Loss notices of ${context.user.companyName}, with the reports that go with them.`} action={
          <Can I="create" a="Claim">
            <NewClaimButton />
          </Can>
        }
      />
      <ListFilters list={list} label="Filter claims" searchPlaceholder="Policy, insurer, place, VIN, plate or name" searchWidth={280}>
        <Select
          label="Status"
          placeholder="Any status"
          data={[...CLAIM_STATUS_OPTIONS]}
          value={search.status ?? null}
          onChange={(value) => list.setSearch({ status: (value as ClaimsSearch['status']) ?? undefined })}
          clearable
          w={filterWidth(170)}
        />
        <Select
          label="Kind"
          placeholder="Any kind"
          data={CLAIM_KIND_OPTIONS.map((kind) => ({ value: kind, label: CLAIM_KIND_LABELS[kind] }))}
          value={search.kind ?? null}
          onChange={(value) => list.setSearch({ kind: (value as ClaimsSearch['kind']) ?? undefined })}
          clearable
          w={filterWidth(140)}
        />
        <DateRangeFilter list={list} fromLabel="Loss from" toLabel="Loss to" />
      </ListFilters>
      <ListTable
        list={list}
        result={claims}
        columns={columns}
        label="Claims"
        noun={{ one: 'claim', other: 'claims' }}
        onRowClick={(claim) => void navigate({ to: '/claims/$id', params: { id: claim.id } })}
        empty={{
          icon: <IconShieldCheck size={28} aria-hidden />,
          title: 'No claims yet',
          description: 'File a loss notice when one of your vehicles is in an accident; attach the drivers’ MVRs and the vehicles’ reports, then publish it for the insurer.',
          actions: (
            <Can I="create" a="Claim">
              <EmptyState.Actions>
                <NewClaimButton variant="light" label="File your first claim" />
              </EmptyState.Actions>
            </Can>
          ),
          filteredTitle: 'No claims match your search',
          filteredDescription: 'Try other words, another status, kind or loss dates, or clear the filters.',
        }}
      />
    </Stack>
  );
}
