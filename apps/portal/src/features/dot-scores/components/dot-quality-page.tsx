// /scores/dot-quality?dot=1234562[,2345670…]: one carrier in full, or several compared (the selection
// lives in the URL, so a comparison is a link). A comparison starts with the BASICs side by side,
// then each carrier in full. Export CSV of the carriers shown; Managers and admins rescore them.
import { Alert, Anchor, Button, Group, MultiSelect, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconChevronLeft, IconDownload, IconRefresh } from '@tabler/icons-react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { CarrierReport } from '@clearlane/contract/dot-scores';
import { Can } from '../../../lib/ability.tsx';
import { useDots } from '../../../lib/entities/dot-scores/get-dots.ts';
import { useDotQualityCsvDownload } from '../../../lib/entities/dot-scores/export-dot-quality-csv.ts';
import { notify } from '../../../lib/toasts/notify.ts';
import { dotListOf, dotSearchOf, MAX_COMPARED } from '../dot-quality-search.ts';
import { BASIC_ORDER, BASIC_FULL_NAMES, carrierName, keyboardScrollable, mayNotOperate, trendOf } from '../scores.ts';
import { useScoredReport } from '../use-scoring.ts';
import { CarrierDetail } from './carrier-detail.tsx';
import { BasicLight, LoadError } from './score-parts.tsx';
import { ScoringProgress } from './scores-page.tsx';

const routeApi = getRouteApi('/_authenticated/scores/dot-quality');

export function DotQualityPage() {
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const dots = dotListOf(search.dot);
  const { report, scoring } = useScoredReport(dots, dots.length > 0);
  const csv = useDotQualityCsvDownload();
  const carriers = dots.length > 0 ? report.data?.carriers : [];
  const title = carriers?.length === 1 ? carrierName(carriers[0]!) : dots.length > 1 ? `Comparing ${dots.length} carriers` : 'DOT quality';
  useDocumentTitle(`${title} · Clearlane`);

  return (
    <Stack gap="lg">
      <Anchor fz="sm" renderRoot={(props) => <Link {...props} to="/scores" />} style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconChevronLeft size={16} aria-hidden />
          All carriers
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">BASICs against FMCSA's intervention thresholds, out-of-service rates, history, rating, authority and insurance.</Text>
        </Stack>
        {dots.length > 0 && (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={csv.isPending}
              onClick={() => csv.mutate(dots, { onError: (error) => notify.error(`The CSV could not be downloaded: ${error.message}`) })}
            >
              Export CSV
            </Button>
            <Can I="create" a="Scores">
              <Button leftSection={<IconRefresh size={16} aria-hidden />} loading={scoring.isScoring} disabled={scoring.progress !== null} onClick={() => void scoring.score(dots)}>
                Rescore
              </Button>
            </Can>
          </Group>
        )}
      </Group>
      <CarrierPicker selected={dots} onChange={(next) => void navigate({ search: dotSearchOf(next) })} />
      <ScoringProgress scoring={scoring} />
      {scoring.error && (
        <Alert color="red" variant="light" role="alert" title="The carriers could not be rescored">
          {scoring.error.message}
        </Alert>
      )}
      {dots.length === 0 ? (
        <Text>Choose one carrier to see its record, or several to compare them.</Text>
      ) : report.isError && !report.data ? (
        <LoadError title="The report could not be loaded" error={report.error} retry={report.refetch} />
      ) : !carriers ? (
        <Skeleton h={480} radius="md" aria-label="Loading the report" />
      ) : carriers.length === 1 ? (
        <CarrierDetail carrier={carriers[0]!} level={2} />
      ) : (
        <>
          <Comparison carriers={carriers} />
          {carriers.map((carrier) => (
            <Stack key={carrier.dotNumber} gap="sm" component="article" aria-label={carrierName(carrier)}>
              <Title order={2} fz="h3">
                {carrierName(carrier)}
              </Title>
              <CarrierDetail carrier={carrier} level={3} />
            </Stack>
          ))}
        </>
      )}
    </Stack>
  );
}

/** The carriers shown, chosen among the company's DOT numbers (at most MAX_COMPARED). */
function CarrierPicker({ selected, onChange }: { selected: string[]; onChange: (dots: string[]) => void }) {
  const dots = useDots();
  const options = (dots.data?.dots ?? []).map((dot) => ({ value: dot.dotNumber, label: `${dot.legalName ?? 'Not scored yet'} (USDOT ${dot.dotNumber})` }));
  // A number in the URL that is not (or not yet) listed still shows as chosen.
  for (const dot of selected) if (!options.some((option) => option.value === dot)) options.push({ value: dot, label: `USDOT ${dot}` });
  return (
    <Paper withBorder radius="md" p="md">
      <MultiSelect
        label="Carriers"
        description={`One carrier, or up to ${MAX_COMPARED} to compare.`}
        placeholder={selected.length === 0 ? 'Choose carriers' : undefined}
        data={options}
        value={selected}
        onChange={onChange}
        maxValues={MAX_COMPARED}
        searchable
        clearable
        nothingFoundMessage={dots.isPending ? 'Loading…' : 'No such carrier on your list'}
      />
    </Paper>
  );
}

/** The BASICs of several carriers side by side. */
function Comparison({ carriers }: { carriers: CarrierReport[] }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} fz="md" id={id}>
          Side by side
        </Title>
        <Table.ScrollContainer minWidth={200 + carriers.length * 150} scrollAreaProps={keyboardScrollable(id)}>
          <Table verticalSpacing="xs" horizontalSpacing="xs" aria-labelledby={id}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">BASIC</Table.Th>
                {carriers.map((carrier) => (
                  <Table.Th key={carrier.dotNumber} scope="col">
                    {carrierName(carrier)}
                    <Text fz="xs" c="dimmed" fw={400}>
                      USDOT {carrier.dotNumber}
                    </Text>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {BASIC_ORDER.map((code) => (
                <Table.Tr key={code}>
                  <Table.Th scope="row" fw={500} fz="sm">
                    {BASIC_FULL_NAMES[code]}
                  </Table.Th>
                  {carriers.map((carrier) => {
                    const basic = carrier.basics.find((item) => item.code === code);
                    return (
                      <Table.Td key={carrier.dotNumber}>
                        {basic ? <BasicLight basic={basic} trend={trendOf(carrier, code)} /> : <Text fz="sm" c="dimmed">Not scored</Text>}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th scope="row" fw={500} fz="sm">
                  Allowed to operate
                </Table.Th>
                {carriers.map((carrier) => (
                  <Table.Td key={carrier.dotNumber} fz="sm" fw={mayNotOperate(carrier) ? 700 : undefined} c={mayNotOperate(carrier) ? 'red.9' : undefined}>
                    {carrier.authority ? (carrier.authority.allowedToOperate ? 'Yes' : 'No') : 'Unknown'}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
