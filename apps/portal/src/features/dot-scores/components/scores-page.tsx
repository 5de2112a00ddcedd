// /scores: every DOT number of the company (its own carriers and those it watches), worst first,
// with a traffic light per BASIC (alert, near the threshold, OK, not enough data: each in words and
// an icon as well as colour), the trend since the last score, when it was scored and whose data it
// is. What rescoring found changed is at the top. Managers and admins add numbers, rescore, mark one as
// their own carrier or label it, and remove.
import { Anchor, Badge, Button, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { IconAlertOctagon, IconChartBar, IconDownload, IconRefresh, IconTruck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { CarrierReport } from '@clearlane/contract/dot-scores';
import { ListHeader } from '../../../components/list-view/list-filters.tsx';
import { WIDE_SCREEN } from '../../../components/list-view/list-table.tsx';
import { Can } from '../../../lib/ability.tsx';
import { useDotQualityCsvDownload } from '../../../lib/entities/dot-scores/export-dot-quality-csv.ts';
import { notify } from '../../../lib/toasts/notify.ts';
import { dotSearchOf } from '../dot-quality-search.ts';
import {
  BASIC_FULL_NAMES, BASIC_ORDER, BASIC_SHORT_NAMES, carrierName, changesOf, formatDateTime, formatDay, LIGHT_LABELS, mayNotOperate, NEAR_THRESHOLD_POINTS,
  PROVIDER_LABELS, RELATIONSHIP_LABELS, trendOf, worstFirst,
} from '../scores.ts';
import { useScoredReport, type Scoring } from '../use-scoring.ts';
import { AddDotsForm } from './add-dots-form.tsx';
import { EditDotAction, useEditDotDialog, type EditableDot } from './edit-dot-button.tsx';
import { RemoveDotButton } from './remove-dot-button.tsx';
import { BasicLight, ChangesList, LightBadge, LoadError } from './score-parts.tsx';

/** The newest changes shown before "Show all". */
const NEWEST_CHANGES = 8;

const STATUS_WORDS: Record<CarrierReport['status'], string> = {
  NOT_SCORED: 'Not scored yet.',
  SCORED: '',
  NOT_FOUND: 'No carrier has this USDOT number.',
  FAILED: 'The carrier data provider did not answer; it is scored again next time.',
};

export function ScoresPage() {
  useDocumentTitle('DOT scores · Clearlane');
  const { report, scoring } = useScoredReport();
  const csv = useDotQualityCsvDownload();
  const carriers = report.data ? worstFirst(report.data.carriers) : undefined;

  return (
    <Stack gap="lg">
      <ListHeader
        title="DOT scores"
        description="Your carriers' FMCSA safety records: the seven BASICs against their intervention thresholds, worst first."
        action={
          <Group gap="sm">
            <Button variant="default" leftSection={<IconChartBar size={16} aria-hidden />} renderRoot={(props) => <Link {...props} to="/scores/dot-quality" />}>
              Compare carriers
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={csv.isPending}
              disabled={!carriers || carriers.length === 0}
              onClick={() => csv.mutate(undefined, { onError: (error) => notify.error(`The CSV could not be downloaded: ${error.message}`) })}
            >
              Export CSV
            </Button>
            <Can I="create" a="Scores">
              <Button
                leftSection={<IconRefresh size={16} aria-hidden />}
                loading={scoring.isScoring}
                disabled={!carriers || carriers.length === 0 || scoring.progress !== null}
                onClick={() => void scoring.score(carriers!.map((carrier) => carrier.dotNumber))}
              >
                Rescore all
              </Button>
            </Can>
          </Group>
        }
      />
      <ScoringProgress scoring={scoring} />
      <Can I="create" a="Scores">
        <AddDotsForm scoring={scoring} />
      </Can>
      {report.isError && !report.data ? (
        <LoadError title="The DOT scores could not be loaded" error={report.error} retry={report.refetch} />
      ) : !carriers ? (
        <Skeleton h={320} radius="md" aria-label="Loading the DOT scores" />
      ) : carriers.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack gap="xs" align="center" ta="center">
            <IconTruck size={36} aria-hidden color="var(--mantine-color-gray-6)" />
            <Title order={2} fz="lg">
              No DOT numbers yet
            </Title>
            <Text c="dimmed" fz="sm" maw={480}>
              Add your own carrier's USDOT number and those of the carriers you work with: each is scored against FMCSA's thresholds and rescored every day.
            </Text>
          </Stack>
        </Paper>
      ) : (
        <>
          <RecentChanges carriers={carriers} />
          <CarriersOverview carriers={carriers} pending={scoring.pending} />
        </>
      )}
    </Stack>
  );
}

/** While numbers are scored by jobs: how many are done, as a progress bar that says it in words. */
export function ScoringProgress({ scoring }: { scoring: Scoring }) {
  if (!scoring.progress) return null;
  const { waiting, total } = scoring.progress;
  const done = total - waiting;
  return (
    <Paper withBorder radius="md" p="md" role="status">
      <Stack gap={6}>
        <Text fz="sm" fw={600}>
          Scoring {total} DOT {total === 1 ? 'number' : 'numbers'}: {done} of {total} scored
        </Text>
        <Progress value={total === 0 ? 0 : (done / total) * 100} animated aria-label="Scoring progress" aria-valuetext={`${done} of ${total} scored`} />
        <Text fz="xs" c="dimmed">
          The scores below refresh as they land. You can leave this page: scoring goes on.
        </Text>
      </Stack>
    </Paper>
  );
}

function RecentChanges({ carriers }: { carriers: CarrierReport[] }) {
  const headingId = useId();
  const [all, setAll] = useState(false);
  const changes = changesOf(carriers);
  if (changes.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} fz="md" id={headingId}>
          What changed
        </Title>
        <Text fz="xs" c="dimmed">
          Found by rescoring, newest first. Changes for the worse are mailed to your company's Managers and admins.
        </Text>
        <ChangesList changes={all ? changes : changes.slice(0, NEWEST_CHANGES)} withCarrier labelledBy={headingId} />
        {changes.length > NEWEST_CHANGES && (
          <Button variant="subtle" size="xs" onClick={() => setAll(!all)} style={{ alignSelf: 'flex-start' }}>
            {all ? 'Show the newest only' : `Show all ${changes.length} changes`}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function Legend() {
  return (
    <Group gap="md" wrap="wrap" fz="xs" c="gray.8">
      <Group gap={6} wrap="nowrap">
        <LightBadge light="ALERT" /> at or over the intervention threshold
      </Group>
      <Group gap={6} wrap="nowrap">
        <LightBadge light="NEAR" /> within {NEAR_THRESHOLD_POINTS} points of it
      </Group>
      <Group gap={6} wrap="nowrap">
        <LightBadge light="OK" /> under it
      </Group>
      <Group gap={6} wrap="nowrap">
        <LightBadge light="NO_DATA" /> {LIGHT_LABELS.NO_DATA.toLowerCase()} (the reason is on the carrier's page)
      </Group>
    </Group>
  );
}

function CarrierName({ carrier }: { carrier: CarrierReport }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Anchor fz="sm" fw={600} renderRoot={(props) => <Link {...props} to="/scores/dot-quality" search={dotSearchOf([carrier.dotNumber])} />}>
        {carrierName(carrier)}
      </Anchor>
      <Text fz="xs" c="dimmed">
        USDOT {carrier.dotNumber} · {RELATIONSHIP_LABELS[carrier.relationship]}
        {carrier.label && ` · ${carrier.label}`}
      </Text>
      {mayNotOperate(carrier) && (
        <Group gap={4} wrap="nowrap" c="red.9">
          <IconAlertOctagon size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text span fz="xs" fw={700}>
            Not allowed to operate
          </Text>
        </Group>
      )}
    </Stack>
  );
}

function Scored({ carrier, pending }: { carrier: CarrierReport; pending: boolean }) {
  return (
    <Stack gap={2}>
      {pending && (
        <Badge color="lane.7" variant="light" radius="sm" style={{ alignSelf: 'flex-start' }}>
          Scoring…
        </Badge>
      )}
      <Text fz="xs" c="gray.8">
        {carrier.scoredAt ? (
          <>
            Scored <time dateTime={carrier.scoredAt}>{formatDateTime(carrier.scoredAt)}</time>
          </>
        ) : (
          'Never scored'
        )}
      </Text>
      {carrier.source && carrier.asOf && (
        <Text fz="xs" c="dimmed">
          {PROVIDER_LABELS[carrier.source]} data as of {formatDay(carrier.asOf)}
        </Text>
      )}
    </Stack>
  );
}

type OnEdit = (dot: EditableDot) => void;

/** Editing (create Scores, as adding: the dialog is the overview's) and removing (manage Scores) a listed number. */
function CarrierActions({ carrier, onEdit }: { carrier: CarrierReport; onEdit: OnEdit }) {
  return (
    <Group gap={2} wrap="nowrap">
      <EditDotAction dot={carrier} name={carrierName(carrier)} onEdit={onEdit} />
      <Can I="manage" a="Scores">
        <RemoveDotButton dotNumber={carrier.dotNumber} name={carrierName(carrier)} />
      </Can>
    </Group>
  );
}

/** Why a carrier has no lights: never scored, not found, the provider failed (with its words). */
function NoFigures({ carrier }: { carrier: CarrierReport }) {
  return (
    <Text fz="sm" c={carrier.status === 'NOT_SCORED' ? 'dimmed' : 'red.9'}>
      {carrier.statusMessage ?? STATUS_WORDS[carrier.status]}
    </Text>
  );
}

function CarriersOverview({ carriers, pending }: { carriers: CarrierReport[]; pending: ReadonlyMap<string, unknown> }) {
  const wide = useMediaQuery(WIDE_SCREEN, true, { getInitialValueInEffect: false });
  const headingId = useId();
  const editor = useEditDotDialog();
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" gap="xs">
        <Title order={2} fz="md" id={headingId}>
          Carriers ({carriers.length})
        </Title>
      </Group>
      <Legend />
      {wide ? <CarriersTable carriers={carriers} pending={pending} labelledBy={headingId} onEdit={editor.edit} /> : <CarrierCards carriers={carriers} pending={pending} onEdit={editor.edit} />}
      {editor.dialog}
    </Stack>
  );
}

function CarriersTable({ carriers, pending, labelledBy, onEdit }: { carriers: CarrierReport[]; pending: ReadonlyMap<string, unknown>; labelledBy: string; onEdit: OnEdit }) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table withTableBorder verticalSpacing="sm" horizontalSpacing="xs" aria-labelledby={labelledBy} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Carrier</Table.Th>
            {BASIC_ORDER.map((code) => (
              <Table.Th key={code} scope="col" fz="xs">
                <abbr title={BASIC_FULL_NAMES[code]} style={{ textDecoration: 'none' }}>
                  {BASIC_SHORT_NAMES[code]}
                </abbr>
              </Table.Th>
            ))}
            <Can I="create" a="Scores">
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Can>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {carriers.map((carrier) => (
            <Table.Tr key={carrier.dotNumber}>
              <Table.Th scope="row" fw={400} miw={200} maw={250}>
                <Stack gap={4}>
                  <CarrierName carrier={carrier} />
                  <Scored carrier={carrier} pending={pending.has(carrier.dotNumber)} />
                </Stack>
              </Table.Th>
              {carrier.basics.length === 0 ? (
                <Table.Td colSpan={BASIC_ORDER.length}>
                  <NoFigures carrier={carrier} />
                </Table.Td>
              ) : (
                carrier.basics.map((basic) => (
                  <Table.Td key={basic.code}>
                    <BasicLight basic={basic} trend={trendOf(carrier, basic.code)} />
                  </Table.Td>
                ))
              )}
              <Can I="create" a="Scores">
                <Table.Td>
                  <CarrierActions carrier={carrier} onEdit={onEdit} />
                </Table.Td>
              </Can>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone: one card per carrier, its seven lights two to a row. */
function CarrierCards({ carriers, pending, onEdit }: { carriers: CarrierReport[]; pending: ReadonlyMap<string, unknown>; onEdit: OnEdit }) {
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {carriers.map((carrier) => (
        <Paper key={carrier.dotNumber} component="li" withBorder radius="md" p="sm">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <CarrierName carrier={carrier} />
              <Can I="create" a="Scores">
                <CarrierActions carrier={carrier} onEdit={onEdit} />
              </Can>
            </Group>
            {carrier.basics.length === 0 ? (
              <NoFigures carrier={carrier} />
            ) : (
              <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} component="dl" m={0}>
                {carrier.basics.map((basic) => (
                  <Stack key={basic.code} gap={2}>
                    <Text component="dt" fz="xs" c="gray.8">
                      {BASIC_SHORT_NAMES[basic.code]}
                    </Text>
                    <Text component="dd" m={0}>
                      <BasicLight basic={basic} trend={trendOf(carrier, basic.code)} />
                    </Text>
                  </Stack>
                ))}
              </SimpleGrid>
            )}
            <Scored carrier={carrier} pending={pending.has(carrier.dotNumber)} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
