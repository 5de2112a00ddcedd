// Person and business risk assessments: the score on a gauge with its level, the subject, and the
// findings that made the score.
import { Alert, Group, Paper, RingProgress, Stack, Text, type TitleOrder } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { RiskLevelBadge } from './badges.tsx';
import type { BusinessRiskContent, PersonRiskContent } from './content-types.ts';
import { formatCalendarDate, formatDateTime, humanize } from './format.ts';
import { Fact, Facts, ReportSection, ReportTable } from './report-sections.tsx';

const GAUGE_COLORS: Record<string, string> = { LOW: 'teal.8', MODERATE: 'yellow.7', HIGH: 'red.7', SEVERE: 'grape.8' };
const SEVERITY_ORDER = ['SEVERE', 'HIGH', 'MODERATE', 'LOW'];
export const RISK_SCORE_MAX = 100;

const formatEin = (ein: string) => ein.replace(/^(\d{2})(\d{7})$/, '$1-$2');

/** The score as a gauge; exposed to assistive technology as a meter with its value in words. */
export function RiskGauge({ score, level }: { score: number; level: string }) {
  const clamped = Math.max(0, Math.min(RISK_SCORE_MAX, score));
  return (
    <Group gap="md" wrap="nowrap">
      <div role="meter" aria-label="Risk score" aria-valuemin={0} aria-valuemax={RISK_SCORE_MAX} aria-valuenow={clamped} aria-valuetext={`${score} of ${RISK_SCORE_MAX}, ${humanize(level).toLowerCase()} risk`}>
        <RingProgress
          size={112}
          thickness={12}
          roundCaps
          sections={[{ value: clamped, color: GAUGE_COLORS[level] ?? 'gray.6' }]}
          label={
            <Text ta="center" fz={26} fw={700} lh={1} aria-hidden>
              {score}
            </Text>
          }
        />
      </div>
      <Stack gap={4}>
        <Text fz="sm" c="dimmed">
          Risk score (0 lowest, {RISK_SCORE_MAX} highest)
        </Text>
        <RiskLevelBadge level={level} suffix=" risk" />
      </Stack>
    </Group>
  );
}

function Findings({ findings, level }: { findings: PersonRiskContent['findings']; level: TitleOrder }) {
  const ordered = [...findings].sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) || (b.date ?? '').localeCompare(a.date ?? ''));
  return (
    <ReportSection title="Findings" level={level} description={findings.length > 0 ? 'Most severe first.' : undefined}>
      <ReportTable
        label="Findings"
        rows={ordered}
        rowKey={(finding, index) => `${finding.category}-${finding.date}-${index}`}
        empty="No findings: nothing on record raised the score."
        columns={[
          { header: 'Category', cell: (finding) => humanize(finding.category) },
          { header: 'Severity', cell: (finding) => <RiskLevelBadge level={finding.severity} /> },
          { header: 'Date', cell: (finding) => formatCalendarDate(finding.date), nowrap: true },
          { header: 'Description', cell: (finding) => finding.description },
          { header: 'Source', cell: (finding) => finding.source },
        ]}
      />
    </ReportSection>
  );
}

function Footer({ reportedAt, providerReference, definitionName }: { reportedAt: string; providerReference: string; definitionName: string }) {
  return (
    <Group gap="lg">
      <Text fz="xs" c="dimmed">
        Assessment definition “{definitionName}”
      </Text>
      <Text fz="xs" c="dimmed">
        Reported {formatDateTime(reportedAt)}
      </Text>
      <Text fz="xs" c="dimmed">
        Provider reference {providerReference}
      </Text>
    </Group>
  );
}

export function PersonRiskReport({ report, level }: { report: PersonRiskContent; level: TitleOrder }) {
  const name = `${report.subject.firstName} ${report.subject.lastName}`;
  // Nobody matched: the provider's score (0, "low") measures no one, so no score or level is shown.
  if (report.result === 'SUBJECT_NOT_FOUND') {
    return (
      <Stack gap="md">
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="Subject not found">
          No records matched {name}, born {formatCalendarDate(report.subject.dateOfBirth)} ({report.subject.state}), so there is no risk score. Check the name and
          date of birth, then order again.
        </Alert>
        <Footer reportedAt={report.reportedAt} providerReference={report.providerReference} definitionName={report.definitionName} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-start" gap="xl">
          <RiskGauge score={report.riskScore} level={report.riskLevel} />
          <div style={{ flex: '1 1 320px' }}>
            <Facts columns={3}>
              <Fact term="Person">{name}</Fact>
              <Fact term="Date of birth">{formatCalendarDate(report.subject.dateOfBirth)}</Fact>
              <Fact term="State">{report.subject.state}</Fact>
              <Fact term="Identity">{report.identityVerified ? 'Verified' : <Text span fz="sm" fw={600} c="red.9">Not verified</Text>}</Fact>
            </Facts>
          </div>
        </Group>
      </Paper>
      <Findings findings={report.findings} level={level} />
      <Footer reportedAt={report.reportedAt} providerReference={report.providerReference} definitionName={report.definitionName} />
    </Stack>
  );
}

export function BusinessRiskReport({ report, level }: { report: BusinessRiskContent; level: TitleOrder }) {
  const { business } = report;
  // As for a person: a business nobody matched has no score, whatever number the provider sent.
  if (report.result === 'BUSINESS_NOT_FOUND') {
    return (
      <Stack gap="md">
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="Business not found">
          No records matched {business.name} (EIN {formatEin(business.ein)}), so there is no risk score. Check the name and EIN, then order again.
        </Alert>
        <Footer reportedAt={report.reportedAt} providerReference={report.providerReference} definitionName={report.definitionName} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-start" gap="xl">
          <RiskGauge score={report.riskScore} level={report.riskLevel} />
          <div style={{ flex: '1 1 320px' }}>
            <Facts columns={3}>
              <Fact term="Business">{business.name}</Fact>
              <Fact term="EIN">{formatEin(business.ein)}</Fact>
              <Fact term="State">{business.state}</Fact>
              <Fact term="USDOT number">{business.dotNumber ?? 'None'}</Fact>
              <Fact term="Years in business">{business.yearsInBusiness ?? 'Unknown'}</Fact>
            </Facts>
          </div>
        </Group>
      </Paper>
      <Findings findings={report.findings} level={level} />
      <Footer reportedAt={report.reportedAt} providerReference={report.providerReference} definitionName={report.definitionName} />
    </Stack>
  );
}
