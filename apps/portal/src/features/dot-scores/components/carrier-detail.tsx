// One carrier on /scores/dot-quality: who it is, what alerts and why, the BASICs as bars against
// their thresholds, out-of-service rates against the national averages, the history of its
// percentiles, safety rating, authority and insurance, and what changed. Every figure says whose it
// is (FMCSA's or Clearlane's estimate), its source and its as-of date; insufficient data is said in words.
import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import type { BasicScore, CarrierReport } from '@clearlane/contract/dot-scores';
import { WIDE_SCREEN } from '../../../components/list-view/list-table.tsx';
import {
  alertExplanation, basicSourceText, BASIC_SHORT_NAMES, carrierName, changesOf, formatDateTime, formatDay, historyLabel, INTERVENTION_NOTE, LIGHT_LABELS, lightOf,
  mayNotOperate, ordinal, PROVIDER_LABELS, RELATIONSHIP_LABELS, THRESHOLD_GROUP_LABELS, trendOf, keyboardScrollable,
} from '../scores.ts';
import { Can } from '../../../lib/ability.tsx';
import { EditDotButton } from './edit-dot-button.tsx';
import { BasicLight, ChangesList, SourceNote } from './score-parts.tsx';

const BasicsChart = lazy(() => import('./score-charts.tsx').then((module) => ({ default: module.BasicsChart })));
const OutOfServiceChart = lazy(() => import('./score-charts.tsx').then((module) => ({ default: module.OutOfServiceChart })));
const HistoryChart = lazy(() => import('./score-charts.tsx').then((module) => ({ default: module.HistoryChart })));

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const CAPTION_STYLE = { captionSide: 'top', textAlign: 'left', fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)' } as const;
const STATUS_WORDS: Record<CarrierReport['status'], string> = {
  NOT_SCORED: 'Not scored yet.',
  SCORED: '',
  NOT_FOUND: 'No carrier has this USDOT number.',
  FAILED: 'The carrier data provider did not answer; the number is scored again next time.',
};
const RATING_LABELS = { SATISFACTORY: 'Satisfactory', CONDITIONAL: 'Conditional', UNSATISFACTORY: 'Unsatisfactory', NOT_RATED: 'Not rated' } as const;
const AUTHORITY_LABELS = { ACTIVE: 'Active', INACTIVE: 'Inactive', NONE: 'None' } as const;

function Section({ title, level, children }: { title: string; level: 2 | 3; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={level} fz="md" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The headings under a carrier: h2 when the page shows one carrier, h3 under its name in a comparison. */
export function CarrierDetail({ carrier, level }: { carrier: CarrierReport; level: 2 | 3 }) {
  const sub = level;
  if (carrier.basics.length === 0) {
    return (
      <Alert color={carrier.status === 'NOT_SCORED' ? 'gray' : 'red'} variant="light" title={`USDOT ${carrier.dotNumber} has no scores`}>
        {carrier.statusMessage ?? STATUS_WORDS[carrier.status]}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <CarrierFacts carrier={carrier} />
      <Alerts carrier={carrier} />
      <Section title="BASICs against their intervention thresholds" level={sub}>
        <BasicsPart carrier={carrier} />
      </Section>
      {carrier.outOfService && (
        <Section title="Out-of-service rates against the national averages" level={sub}>
          <OutOfServicePart carrier={carrier} />
        </Section>
      )}
      <Section title="History of the percentiles" level={sub}>
        <HistoryPart carrier={carrier} />
      </Section>
      <Section title="Safety rating, authority and insurance" level={sub}>
        <StandingPart carrier={carrier} />
      </Section>
      <Section title="What changed" level={sub}>
        {carrier.changes.length === 0 ? (
          <Text fz="sm">Nothing changed between its scorings{carrier.history.length < 2 ? ' (it has been scored once)' : ''}.</Text>
        ) : (
          <ChangesListOf carrier={carrier} />
        )}
      </Section>
    </Stack>
  );
}

function ChangesListOf({ carrier }: { carrier: CarrierReport }) {
  const id = useId();
  return (
    <>
      <span id={id} hidden>
        Changes of {carrierName(carrier)}
      </span>
      <ChangesList changes={changesOf([carrier])} withCarrier={false} labelledBy={id} />
    </>
  );
}

function CarrierFacts({ carrier }: { carrier: CarrierReport }) {
  const facts = carrier.carrier;
  return (
    <Stack gap={4}>
      <Group gap="xs">
        {/* The edit stays beside the words it changes, on a phone too. */}
        <Group gap={4} wrap="nowrap" align="center" style={{ minWidth: 0 }}>
          <Text fz="sm" style={{ minWidth: 0 }}>
            USDOT {carrier.dotNumber} · {RELATIONSHIP_LABELS[carrier.relationship]}
            {carrier.label && ` · ${carrier.label}`}
            {carrier.dbaName && ` · doing business as ${carrier.dbaName}`}
          </Text>
          <Can I="create" a="Scores">
            <EditDotButton dot={carrier} name={carrierName(carrier)} />
          </Can>
        </Group>
        {mayNotOperate(carrier) && (
          <Badge color="red.9" radius="sm">
            Not allowed to operate
          </Badge>
        )}
      </Group>
      {facts && (
        <Text fz="sm" c="gray.8">
          {facts.passengerCarrier ? 'Passenger carrier' : 'Property carrier'}
          {facts.hazmatCarrier ? ', carries hazardous materials' : ''} · {facts.powerUnits} power units · {facts.drivers} drivers · thresholds for {THRESHOLD_GROUP_LABELS[facts.thresholdGroup]}
        </Text>
      )}
      <Text fz="xs" c="dimmed">
        {carrier.scoredAt && `Scored ${formatDateTime(carrier.scoredAt)}`}
        {carrier.source && carrier.asOf && ` from ${PROVIDER_LABELS[carrier.source]} data as of ${formatDay(carrier.asOf)}`}
        {carrier.status !== 'SCORED' && ` · last attempt: ${carrier.statusMessage ?? STATUS_WORDS[carrier.status]}`}
      </Text>
    </Stack>
  );
}

/** Every BASIC at or over its threshold, explained. */
function Alerts({ carrier }: { carrier: CarrierReport }) {
  const alerting = carrier.basics.filter((basic) => lightOf(basic) === 'ALERT');
  if (alerting.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} title={`${alerting.length} ${alerting.length === 1 ? 'BASIC is' : 'BASICs are'} in alert`}>
      <Stack gap="xs">
        {alerting.map((basic) => (
          <Stack key={basic.code} gap={0}>
            <Text fz="sm" fw={600}>
              {alertExplanation(basic, carrier.carrier?.thresholdGroup)}
            </Text>
            <Text fz="xs" c="gray.8">
              {basicSourceText(basic)}
            </Text>
          </Stack>
        ))}
        <Text fz="xs">{INTERVENTION_NOTE}</Text>
      </Stack>
    </Alert>
  );
}

function ChartAndTable({ chart, table, height }: { chart: ReactNode; table: ReactNode; height: number }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Suspense fallback={<Skeleton h={height} radius="md" />}>{chart}</Suspense>
      {table}
    </SimpleGrid>
  );
}

function basicsSummary(carrier: CarrierReport) {
  return `Percentile and intervention threshold of each BASIC of ${carrierName(carrier)}: ${carrier.basics
    .map((basic) => `${basic.name} ${basic.percentile === null ? 'no percentile' : ordinal(basic.percentile)}, threshold ${basic.threshold}`)
    .join('; ')}.`;
}

/** What a BASIC's figure rests on: its source, the measure and inspections, and why data is insufficient. */
function BasicNotes({ basic }: { basic: BasicScore }) {
  return (
    <>
      <Text fz="xs" c="dimmed" fw={400}>
        {basicSourceText(basic)}
      </Text>
      <Text fz="xs" c="dimmed" fw={400}>
        Measure {basic.measure === null ? '—' : number.format(basic.measure)} · {basic.relevantInspections} relevant inspections · {basic.violations} violations
        {basic.peerGroup && ` · peer group: ${basic.peerGroup.name} (${basic.peerGroup.carriers} carriers)`}
      </Text>
      {basic.insufficientDataReason && (
        <Text fz="xs" c="gray.8" fw={400}>
          {LIGHT_LABELS.NO_DATA}: {basic.insufficientDataReason}
        </Text>
      )}
    </>
  );
}

const percentileOf = (basic: BasicScore) => `${basic.percentile === null ? '—' : Math.round(basic.percentile)} / ${basic.threshold}`;

/**
 * The BASICs as a table where there is room for its three columns; on a phone, as a list of one
 * block per BASIC (its light and figure under its name), so nothing scrolls sideways.
 */
function BasicsPart({ carrier }: { carrier: CarrierReport }) {
  const id = useId();
  const wide = useMediaQuery(WIDE_SCREEN, true, { getInitialValueInEffect: false });
  const caption = `BASICs of ${carrierName(carrier)} (24 months)`;
  return (
    <ChartAndTable
      height={7 * 44 + 60}
      chart={<BasicsChart carrier={carrier} summary={basicsSummary(carrier)} />}
      table={
        wide ? (
          <Table.ScrollContainer minWidth={340} scrollAreaProps={keyboardScrollable(id)}>
            <Table verticalSpacing={6} horizontalSpacing="xs" aria-labelledby={id}>
              <caption id={id} style={CAPTION_STYLE}>
                {caption}
              </caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">BASIC</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Percentile / threshold
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {carrier.basics.map((basic) => (
                  <Table.Tr key={basic.code}>
                    <Table.Th scope="row" fw={500} fz="sm">
                      <Stack gap={2}>
                        <span>{basic.name}</span>
                        <BasicNotes basic={basic} />
                      </Stack>
                    </Table.Th>
                    <Table.Td>
                      <BasicLight basic={basic} trend={trendOf(carrier, basic.code)} />
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {percentileOf(basic)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Stack gap={4}>
            <Text id={id} fz="xs" c="dimmed">
              {caption}
            </Text>
            <Stack component="ul" aria-labelledby={id} gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
              {carrier.basics.map((basic) => (
                <Stack key={basic.code} component="li" gap={4} py={8} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
                  <Text fz="sm" fw={600}>
                    {basic.name}
                  </Text>
                  <Group gap="sm" wrap="wrap">
                    <BasicLight basic={basic} trend={trendOf(carrier, basic.code)} />
                    <Text fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      Percentile / threshold {percentileOf(basic)}
                    </Text>
                  </Group>
                  <BasicNotes basic={basic} />
                </Stack>
              ))}
            </Stack>
          </Stack>
        )
      }
    />
  );
}

const rate = (value: number | null) => (value === null ? 'no inspections' : `${value.toFixed(1)}%`);

function OutOfServicePart({ carrier }: { carrier: CarrierReport }) {
  const oos = carrier.outOfService!;
  const id = useId();
  const kinds = (['driver', 'vehicle', 'hazmat'] as const).map((kind) => ({ kind, label: kind[0]!.toUpperCase() + kind.slice(1), ...oos[kind] }));
  const summary = `Out-of-service rates of ${carrierName(carrier)} against the national averages: ${kinds.map((row) => `${row.label} ${rate(row.rate)}, national ${row.nationalAverage}%`).join('; ')}.`;
  return (
    <Stack gap="sm">
      {oos.orders.length > 0 && (
        <Alert color="red" variant="filled" title="Out-of-service order in force">
          {oos.orders.map((order) => `Since ${formatDay(order.date)}: ${order.reason}`).join(' ')} The carrier must not operate.
        </Alert>
      )}
      <ChartAndTable
        height={3 * 44 + 60}
        chart={<OutOfServiceChart carrier={carrier} summary={summary} />}
        table={
          <Table verticalSpacing={6} horizontalSpacing="xs" aria-labelledby={id}>
            <caption id={id} style={CAPTION_STYLE}>
              Out-of-service inspections, 24 months; national averages of {oos.nationalAverages.period}
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Inspections</Table.Th>
                <Table.Th scope="col" ta="right">
                  This carrier
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  National
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {kinds.map((row) => (
                <Table.Tr key={row.kind}>
                  <Table.Th scope="row" fw={500}>
                    {row.label}
                  </Table.Th>
                  <Table.Td ta="right">
                    {rate(row.rate)}
                    <Text fz="xs" c="dimmed">
                      {row.outOfServiceInspections} of {row.inspections}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{row.nationalAverage}%</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        }
      />
      <SourceNote source={oos.source} />
    </Stack>
  );
}

function HistoryPart({ carrier }: { carrier: CarrierReport }) {
  const id = useId();
  const history = carrier.history;
  const anySound = history.some((entry) => entry.basics.some((basic) => basic.percentile !== null));
  const summary = `Percentiles of ${carrierName(carrier)} at its last ${history.length} ${history.length === 1 ? 'scoring' : 'scorings'}.`;
  return (
    <Stack gap="sm">
      {history.length < 2 && <Text fz="sm">Scored once so far: the history grows with every scoring (every day, and whenever it is rescored).</Text>}
      <ChartAndTable
        height={260}
        chart={
          anySound ? (
            <HistoryChart carrier={carrier} summary={summary} />
          ) : (
            <Text fz="sm">No BASIC has had a sound percentile yet: there is nothing to draw.</Text>
          )
        }
        table={
          <Table.ScrollContainer minWidth={420} scrollAreaProps={keyboardScrollable(id)}>
            <Table verticalSpacing={4} horizontalSpacing={6} aria-labelledby={id} fz="xs">
              <caption id={id} style={CAPTION_STYLE}>
                Percentile per BASIC at each scoring (— no sound percentile)
              </caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Scored</Table.Th>
                  {carrier.basics.map((basic) => (
                    <Table.Th key={basic.code} scope="col" ta="right">
                      {BASIC_SHORT_NAMES[basic.code]}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...history].reverse().map((entry) => (
                  <Table.Tr key={entry.scoredAt}>
                    <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                      {historyLabel(history, entry.scoredAt)}
                    </Table.Th>
                    {carrier.basics.map((basic) => {
                      const then = entry.basics.find((item) => item.code === basic.code);
                      return (
                        <Table.Td key={basic.code} ta="right" fw={then?.alert ? 700 : undefined}>
                          {then?.percentile == null ? '—' : Math.round(then.percentile)}
                          {then?.alert ? ' (alert)' : ''}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        }
      />
    </Stack>
  );
}

function Fact({ label, value, note }: { label: string; value: ReactNode; note: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" fz="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text component="dd" m={0} fz="sm" fw={600}>
        {value}
      </Text>
      <Text component="dd" m={0}>
        {note}
      </Text>
    </Stack>
  );
}

const money = (thousands: number | null) => (thousands === null ? '—' : `$${number.format(thousands)}k`);

function StandingPart({ carrier }: { carrier: CarrierReport }) {
  const { safetyRating, authority, insurance } = carrier;
  const insuranceLines = insurance
    ? ([
        ['Bodily injury and property damage', insurance.bodilyInjuryAndPropertyDamage],
        ['Cargo', insurance.cargo],
        ['Bond', insurance.bond],
      ] as const).filter(([, line]) => line.required || line.onFileAmount > 0)
    : [];
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" component="dl" m={0}>
      <Fact
        label="Safety rating"
        value={safetyRating ? `${RATING_LABELS[safetyRating.rating]}${safetyRating.ratedOn ? ` (rated ${formatDay(safetyRating.ratedOn)})` : ''}` : 'Unknown'}
        note={<SourceNote source={safetyRating?.source} />}
      />
      <Fact
        label="Operating authority"
        value={
          authority
            ? `${authority.allowedToOperate ? 'Allowed to operate' : 'Not allowed to operate'} · common ${AUTHORITY_LABELS[authority.common].toLowerCase()}, contract ${AUTHORITY_LABELS[authority.contract].toLowerCase()}, broker ${AUTHORITY_LABELS[authority.broker].toLowerCase()}`
            : 'Unknown'
        }
        note={<SourceNote source={authority?.source} />}
      />
      <Fact
        label="Insurance"
        value={
          insurance ? (
            <>
              {insurance.compliant ? 'Required insurance on file' : 'Required insurance missing'}
              {insuranceLines.map(([name, line]) => (
                <Text key={name} fz="xs" fw={400} c="gray.8">
                  {name}: {money(line.onFileAmount)} on file{line.required ? ` of ${money(line.requiredAmount)} required` : ''}
                </Text>
              ))}
            </>
          ) : (
            'Unknown'
          )
        }
        note={<SourceNote source={insurance?.source} />}
      />
    </SimpleGrid>
  );
}
