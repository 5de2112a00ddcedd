// A preview of a completed order's report: for an MVR the licence, violations, accidents and DMV
// actions; for a vehicle report the vehicle and its history; for a risk assessment the score and
// findings. The full report is on /reports/{id}; MVR documents download from here too.
import { accidentsNewestFirst, dmvActionsNewestFirst, violationsNewestFirst } from '@clearlane/contract/domain/mvr';
import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { BusinessRiskAssessment, PersonRiskAssessment, RiskFinding, RiskLevel, VehicleReport } from '@clearlane/contract/domain/risk-reports';
import type { OrderDetail } from '@clearlane/contract/orders';
import type { ViolationReport } from '@clearlane/contract/reports';
import { REPORT_KIND_OF_TYPE, useOrderReport } from '../api/get-order-report.ts';
import { OUTCOME_MEANINGS } from '../../../lib/order-labels.ts';
import { formatDate, humanize } from './format.ts';
import { MvrDownloads } from './mvr-downloads.tsx';
import { ReportPdfButton } from '../../../components/report-pdf-button.tsx';
import { REPORT_PDFS } from '../../../lib/download.ts';

// The report pages are another section's routes; the router resolves the path at run time.
const REPORT_PATH = '/reports/$id' as never;

const RISK_COLORS: Record<RiskLevel, string> = { LOW: 'teal.9', MODERATE: 'grape.9', HIGH: 'red.9', SEVERE: 'red.9' };

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text component="dt" fz="xs" c="dimmed" fw={500}>
        {term}
      </Text>
      <Text component="dd" fz="sm" fw={500} m={0}>
        {children}
      </Text>
    </Stack>
  );
}

interface Column<Row> {
  title: string;
  cell: (row: Row) => ReactNode;
}

function ReportTable<Row>({ caption, rows, columns, empty }: { caption: string; rows: Row[]; columns: Column<Row>[]; empty: string }) {
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {caption} ({rows.length})
      </Title>
      {rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped withTableBorder verticalSpacing="xs" aria-label={caption}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.title} scope="col">
                    {column.title}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr key={index}>
                  {columns.map((column) => (
                    <Table.Td key={column.title} fz="sm">
                      {column.cell(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

const date = (value: string | null) => (value ? formatDate(value) : '—');
const yesNo = (value: boolean | null) => (value === null ? 'Unknown' : value ? 'Yes' : 'No');

function MvrPreview({ report }: { report: ViolationReport }) {
  const licence = report.licence;
  return (
    <Stack gap="lg">
      <SimpleGrid component="dl" cols={{ base: 2, xl: 4 }} spacing="md" m={0}>
        <Fact term="Licence">{licence ? `${licence.state} ${licence.number}, class ${licence.class}` : 'No licence on record'}</Fact>
        <Fact term="Licence status">
          {licence ? (
            <Badge color={licence.status === 'VALID' ? 'teal.9' : 'red.9'} variant="filled">
              {humanize(licence.status)}
            </Badge>
          ) : (
            '—'
          )}
        </Fact>
        <Fact term="Expires">{licence ? date(licence.expires) : '—'}</Fact>
        <Fact term="Total points">{report.totalPoints}</Fact>
      </SimpleGrid>
      <ReportTable
        caption="Violations"
        rows={violationsNewestFirst(report.violations)}
        empty="No violations on record."
        columns={[
          { title: 'Date', cell: (v) => date(v.date) },
          { title: 'Violation', cell: (v) => `${v.description} (${v.code})` },
          { title: 'Category', cell: (v) => humanize(v.category) },
          { title: 'Convicted', cell: (v) => date(v.convictionDate) },
          { title: 'Points', cell: (v) => v.points },
        ]}
      />
      <ReportTable
        caption="Accidents"
        rows={accidentsNewestFirst(report.accidents)}
        empty="No accidents on record."
        columns={[
          { title: 'Date', cell: (a) => date(a.date) },
          { title: 'Description', cell: (a) => a.description },
          { title: 'At fault', cell: (a) => yesNo(a.atFault) },
          { title: 'Injuries', cell: (a) => yesNo(a.injuries) },
        ]}
      />
      <ReportTable
        caption="DMV actions"
        rows={dmvActionsNewestFirst(report.dmvActions)}
        empty="No DMV actions on record."
        columns={[
          { title: 'Action', cell: (d) => humanize(d.type) },
          { title: 'Effective', cell: (d) => date(d.effectiveDate) },
          { title: 'Ends', cell: (d) => date(d.endDate) },
          { title: 'Reason', cell: (d) => d.reason },
        ]}
      />
    </Stack>
  );
}

function VehiclePreview({ report }: { report: VehicleReport }) {
  const { vehicle } = report;
  const flags = [
    report.theftRecord && 'Theft record',
    report.odometerRollbackSuspected && 'Odometer rollback suspected',
    ...report.titles.filter((title) => title.brand !== 'CLEAN').map((title) => `${humanize(title.brand)} title`),
    report.recalls.some((recall) => !recall.remedied) && 'Open safety recall',
  ].filter((flag): flag is string => Boolean(flag));
  return (
    <Stack gap="lg">
      <SimpleGrid component="dl" cols={{ base: 2, xl: 4 }} spacing="md" m={0}>
        <Fact term="Vehicle">{`${vehicle.modelYear} ${vehicle.make} ${vehicle.model}`}</Fact>
        <Fact term="Body">{`${vehicle.bodyType} (${vehicle.vehicleType})`}</Fact>
        <Fact term="VIN">
          <Text span ff="monospace" fz="sm">
            {report.vin}
          </Text>
        </Fact>
        <Fact term="Records">{report.result === 'RECORDS_FOUND' ? 'Found' : 'None found'}</Fact>
      </SimpleGrid>
      <Group gap="xs" role="group" aria-label="Vehicle findings">
        {flags.length === 0 ? (
          <Badge color="teal.9" variant="filled">
            No problems found
          </Badge>
        ) : (
          flags.map((flag) => (
            <Badge key={flag} color="red.9" variant="filled">
              {flag}
            </Badge>
          ))
        )}
      </Group>
      <ReportTable
        caption="Titles"
        rows={report.titles}
        empty="No titles on record."
        columns={[
          { title: 'Date', cell: (t) => date(t.date) },
          { title: 'State', cell: (t) => t.state },
          { title: 'Brand', cell: (t) => humanize(t.brand) },
        ]}
      />
      <ReportTable
        caption="Accidents"
        rows={accidentsNewestFirst(report.accidents)}
        empty="No accidents on record."
        columns={[
          { title: 'Date', cell: (a) => date(a.date) },
          { title: 'Severity', cell: (a) => humanize(a.severity) },
          { title: 'Description', cell: (a) => a.description },
        ]}
      />
      <ReportTable
        caption="Recalls"
        rows={report.recalls}
        empty="No recalls."
        columns={[
          { title: 'Campaign', cell: (r) => r.campaign },
          { title: 'Component', cell: (r) => r.component },
          { title: 'Summary', cell: (r) => r.summary },
          { title: 'Remedied', cell: (r) => yesNo(r.remedied) },
        ]}
      />
      <ReportTable
        caption="Odometer readings"
        rows={report.odometer}
        empty="No odometer readings."
        columns={[
          { title: 'Date', cell: (o) => date(o.date) },
          { title: 'Miles', cell: (o) => o.miles.toLocaleString() },
          { title: 'Source', cell: (o) => o.source },
        ]}
      />
    </Stack>
  );
}

function Findings({ findings }: { findings: RiskFinding[] }) {
  return (
    <ReportTable
      caption="Findings"
      rows={findings}
      empty="No findings."
      columns={[
        { title: 'Category', cell: (f) => humanize(f.category) },
        {
          title: 'Severity',
          cell: (f) => (
            <Badge color={RISK_COLORS[f.severity]} variant="filled" size="sm">
              {humanize(f.severity)}
            </Badge>
          ),
        },
        { title: 'Date', cell: (f) => date(f.date) },
        { title: 'Description', cell: (f) => f.description },
        { title: 'Source', cell: (f) => f.source },
      ]}
    />
  );
}

function RiskScore({ score, level }: { score: number; level: RiskLevel }) {
  return (
    <Group gap="xs">
      <Text fz="sm" fw={700}>
        {score} / 100
      </Text>
      <Badge color={RISK_COLORS[level]} variant="filled">
        {humanize(level)} risk
      </Badge>
    </Group>
  );
}

/** A subject the provider did not find has no score: its 0 "low" would read as a clean result. */
function SubjectNotFound({ children }: { children: ReactNode }) {
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="No result">
      {children}
    </Alert>
  );
}

function PersonRiskPreview({ report }: { report: PersonRiskAssessment }) {
  if (report.result === 'SUBJECT_NOT_FOUND') {
    return (
      <SubjectNotFound>
        No records matched {report.subject.firstName} {report.subject.lastName}, born {date(report.subject.dateOfBirth)}, so there is no risk score.
        Check the name and date of birth, then order again.
      </SubjectNotFound>
    );
  }
  return (
    <Stack gap="lg">
      <SimpleGrid component="dl" cols={{ base: 2, xl: 4 }} spacing="md" m={0}>
        <Fact term="Risk score">
          <RiskScore score={report.riskScore} level={report.riskLevel} />
        </Fact>
        <Fact term="Subject">{`${report.subject.firstName} ${report.subject.lastName}`}</Fact>
        <Fact term="Identity verified">{yesNo(report.identityVerified)}</Fact>
        <Fact term="Assessment">{report.definitionName}</Fact>
      </SimpleGrid>
      <Findings findings={report.findings} />
    </Stack>
  );
}

function BusinessRiskPreview({ report }: { report: BusinessRiskAssessment }) {
  const { business } = report;
  if (report.result === 'BUSINESS_NOT_FOUND') {
    return (
      <SubjectNotFound>
        No records matched {business.name} (EIN {business.ein}), so there is no risk score. Check the name and EIN, then order again.
      </SubjectNotFound>
    );
  }
  return (
    <Stack gap="lg">
      <SimpleGrid component="dl" cols={{ base: 2, xl: 4 }} spacing="md" m={0}>
        <Fact term="Risk score">
          <RiskScore score={report.riskScore} level={report.riskLevel} />
        </Fact>
        <Fact term="Business">{business.name}</Fact>
        <Fact term="Years in business">{business.yearsInBusiness ?? 'Unknown'}</Fact>
        <Fact term="USDOT number">{business.dotNumber ?? 'None'}</Fact>
      </SimpleGrid>
      <Findings findings={report.findings} />
    </Stack>
  );
}

export function OrderReportPreview({ order }: { order: OrderDetail }) {
  const kind = REPORT_KIND_OF_TYPE[order.type];
  const { data, isPending, error } = useOrderReport(order.id, kind, order.status === 'Complete');
  const isMvr = kind === 'violation';
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="order-report-heading">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h4" id="order-report-heading">
            Report
          </Title>
          <Group gap="md">
            {!isMvr && <ReportPdfButton orderId={order.id} kind={kind} size="xs" />}
            {/* Same tab: an arrow, not the external-link icon (issue 13). */}
            <Anchor component={Link} to={REPORT_PATH} params={{ id: order.id } as never} fz="sm" fw={600}>
              <Group gap={4} component="span">
                Open report
                <IconArrowRight size={14} aria-hidden />
              </Group>
            </Anchor>
          </Group>
        </Group>
        {isMvr && <MvrDownloads orderId={order.id} extra={<ReportPdfButton orderId={order.id} kind="violation" label={REPORT_PDFS.violation.name} size="xs" />} />}
        {order.outcome === 'NoResults' || order.outcome === 'NotFulfilled' ? (
          // Nothing was found: empty tables would only repeat it.
          <Text fz="sm">{OUTCOME_MEANINGS[order.outcome]}</Text>
        ) : isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading the report">
            <Skeleton h={18} w="40%" />
            <Skeleton h={80} />
          </Stack>
        ) : error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="The report could not be loaded">
            {error.message}
          </Alert>
        ) : kind === 'violation' ? (
          <MvrPreview report={data as ViolationReport} />
        ) : kind === 'vehicle' ? (
          <VehiclePreview report={data as VehicleReport} />
        ) : kind === 'irr' ? (
          <PersonRiskPreview report={data as PersonRiskAssessment} />
        ) : (
          <BusinessRiskPreview report={data as BusinessRiskAssessment} />
        )}
      </Stack>
    </Paper>
  );
}
