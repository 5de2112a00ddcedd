// The vehicle history report: the decoded vehicle, what needs attention (brands, rollback, theft,
// open recalls), then titles, odometer readings, accidents and recalls.
import { Alert, Badge, Group, List, Stack, Text, type TitleOrder } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { TitleBrandBadge } from './badges.tsx';
import type { VehicleReportContent } from './content-types.ts';
import { formatCalendarDate, formatDateTime, humanize, wholeNumber } from './format.ts';
import { Fact, Facts, ReportSection, ReportTable } from './report-sections.tsx';

type OdometerReading = VehicleReportContent['odometer'][number];

/** Readings oldest first, each with the miles since the previous one (negative: the odometer went back). */
export function odometerWithChanges(readings: OdometerReading[]): (OdometerReading & { change: number | null })[] {
  const ordered = [...readings].sort((a, b) => a.date.localeCompare(b.date));
  return ordered.map((reading, index) => ({ ...reading, change: index === 0 ? null : reading.miles - ordered[index - 1]!.miles }));
}

/** What a buyer or underwriter must not miss, in words. */
export function vehicleWarnings(report: VehicleReportContent): string[] {
  const warnings: string[] = [];
  const brands = [...new Set(report.titles.map((title) => title.brand).filter((brand) => brand !== 'CLEAN'))];
  if (brands.length > 0) warnings.push(`Branded title: ${brands.map(humanize).join(', ')}`);
  if (report.odometerRollbackSuspected) warnings.push('Odometer rollback suspected');
  if (report.theftRecord) warnings.push('Reported stolen');
  const openRecalls = report.recalls.filter((recall) => !recall.remedied).length;
  if (openRecalls > 0) warnings.push(`${openRecalls} open safety recall${openRecalls === 1 ? '' : 's'}`);
  const severe = report.accidents.filter((accident) => accident.severity === 'SEVERE').length;
  if (severe > 0) warnings.push(`${severe} severe accident${severe === 1 ? '' : 's'}`);
  return warnings;
}

export function VehicleContent({ report, level }: { report: VehicleReportContent; level: TitleOrder }) {
  const warnings = vehicleWarnings(report);
  const readings = odometerWithChanges(report.odometer);
  const { vehicle } = report;

  return (
    <Stack gap="md">
      {report.result === 'NO_RECORDS_FOUND' ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="No history records found">
          The VIN decodes, but no title, odometer, accident or recall records were found for it.
        </Alert>
      ) : warnings.length > 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="Needs attention">
          <List size="sm" spacing={2}>
            {warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        </Alert>
      ) : (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title="Clean history">
          No branded titles, odometer problems, theft records, open recalls or severe accidents.
        </Alert>
      )}

      <ReportSection title="Vehicle" level={level}>
        <Facts>
          <Fact term="VIN">
            <Text span ff="monospace" fz="sm" fw={500}>
              {report.vin}
            </Text>
          </Fact>
          <Fact term="Vehicle">
            {vehicle.modelYear} {vehicle.make} {vehicle.model}
          </Fact>
          <Fact term="Body">{vehicle.bodyType}</Fact>
          <Fact term="Type">{vehicle.vehicleType}</Fact>
          <Fact term="Made in">{vehicle.region}</Fact>
        </Facts>
      </ReportSection>

      <ReportSection title="Titles" level={level} description="Every title issued for the vehicle, oldest first, with its brand.">
        <ReportTable
          label="Titles"
          rows={[...report.titles].sort((a, b) => a.date.localeCompare(b.date))}
          rowKey={(title, index) => `${title.date}-${title.state}-${index}`}
          empty="No titles on record."
          columns={[
            { header: 'Issued', cell: (title) => formatCalendarDate(title.date), nowrap: true },
            { header: 'State', cell: (title) => title.state },
            { header: 'Brand', cell: (title) => <TitleBrandBadge brand={title.brand} /> },
          ]}
        />
      </ReportSection>

      <ReportSection
        title="Odometer readings"
        level={level}
        description={report.odometerRollbackSuspected ? 'A reading lower than an earlier one suggests the odometer was rolled back.' : 'Oldest first, with the miles driven since the previous reading.'}
      >
        <ReportTable
          label="Odometer readings"
          rows={readings}
          rowKey={(reading, index) => `${reading.date}-${index}`}
          empty="No odometer readings on record."
          columns={[
            { header: 'Date', cell: (reading) => formatCalendarDate(reading.date), nowrap: true },
            { header: 'Miles', cell: (reading) => wholeNumber.format(reading.miles), align: 'right' },
            {
              header: 'Change',
              align: 'right',
              cell: (reading) =>
                reading.change === null ? (
                  '—'
                ) : reading.change < 0 ? (
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    <Badge color="red.9">Went back</Badge>
                    <Text span fz="sm" fw={600} c="red.9">
                      {wholeNumber.format(reading.change)}
                    </Text>
                  </Group>
                ) : (
                  `+${wholeNumber.format(reading.change)}`
                ),
            },
            { header: 'Source', cell: (reading) => reading.source },
          ]}
        />
      </ReportSection>

      <ReportSection title="Accidents" level={level}>
        <ReportTable
          label="Vehicle accidents"
          rows={[...report.accidents].sort((a, b) => b.date.localeCompare(a.date))}
          rowKey={(accident, index) => `${accident.date}-${index}`}
          empty="No accidents on record."
          columns={[
            { header: 'Date', cell: (accident) => formatCalendarDate(accident.date), nowrap: true },
            { header: 'Severity', cell: (accident) => humanize(accident.severity) },
            { header: 'Description', cell: (accident) => accident.description },
          ]}
        />
      </ReportSection>

      <ReportSection title="Safety recalls" level={level}>
        <ReportTable
          label="Safety recalls"
          rows={report.recalls}
          rowKey={(recall) => recall.campaign}
          empty="No safety recalls for this vehicle."
          columns={[
            { header: 'Campaign', cell: (recall) => recall.campaign, nowrap: true },
            { header: 'Date', cell: (recall) => formatCalendarDate(recall.date), nowrap: true },
            { header: 'Component', cell: (recall) => recall.component },
            { header: 'Summary', cell: (recall) => recall.summary },
            { header: 'Status', cell: (recall) => (recall.remedied ? 'Remedied' : <Badge color="red.9">Open</Badge>) },
          ]}
        />
      </ReportSection>

      <Group gap="lg">
        <Text fz="xs" c="dimmed">
          Reported {formatDateTime(report.reportedAt)}
        </Text>
        <Text fz="xs" c="dimmed">
          Provider reference {report.providerReference}
        </Text>
      </Group>
    </Stack>
  );
}
