// /reports/{id}: one report — what it is, its outcome, when it was ordered and completed, the
// content by report type, and for an MVR the documents to download. The route's loader has fetched
// it (another company's report, or one not complete yet, shows "Page not found").
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck, IconClipboardList } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { ORDER_TYPE_LABELS, REPORT_TYPE_LABELS } from '../../../lib/order-labels.ts';
import { useReport } from '../api/get-report.ts';
import { OutcomeBadge } from './badges.tsx';
import { AnchorLink, ButtonLink } from './router-links.tsx';
import { formatDateTime } from './format.ts';
import { MvrDownloads } from './mvr-downloads.tsx';
import { DetailHeader } from '../../../components/detail-header.tsx';
import { ReportPdfButton } from '../../../components/report-pdf-button.tsx';
import { REPORT_PDF_OF_REPORT_TYPE, REPORT_PDFS } from '../../../lib/download.ts';
import { ReportContent } from './report-content.tsx';
import { Fact, Facts } from './report-sections.tsx';

const routeApi = getRouteApi('/_authenticated/reports/$id');

export function ReportPage() {
  const { id } = routeApi.useParams();
  const { data: report } = useReport(id);
  const typeLabel = REPORT_TYPE_LABELS[report.reportType];
  const pdf = REPORT_PDF_OF_REPORT_TYPE[report.reportType];
  useDocumentTitle(`${report.subjectLabel} · Clearlane`);

  return (
    <Stack gap="lg" maw={1100}>
      <DetailHeader
        trail={[{ label: 'Reports', to: '/reports' }]}
        current={report.subjectLabel}
        kicker={typeLabel}
        title={report.subjectLabel}
        badges={
          <>
            {report.reportType === 'MotorVehicleRecord' && <OutcomeBadge outcome={report.outcome} />}
            {report.isReviewed ? (
              <Badge color="lane.7" variant="outline" leftSection={<IconCheck size={12} aria-hidden />}>
                Reviewed
              </Badge>
            ) : (
              <Badge color="gray.7" variant="outline">
                Not reviewed
              </Badge>
            )}
          </>
        }
        actions={
          <ButtonLink to="/orders/$id" params={{ id: report.id }} variant="light" leftSection={<IconClipboardList size={16} aria-hidden />}>
            Open order
          </ButtonLink>
        }
      />

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Facts>
            <Fact term="Report type">{typeLabel}</Fact>
            <Fact term="Order type">{ORDER_TYPE_LABELS[report.orderType]}</Fact>
            <Fact term="Ordered">
              <time dateTime={report.orderedAt}>{formatDateTime(report.orderedAt)}</time>
            </Fact>
            <Fact term="Completed">
              <time dateTime={report.completedAt}>{formatDateTime(report.completedAt)}</time>
            </Fact>
            {report.reportGroupId && (
              <Fact term="Ordered in bulk">
                <AnchorLink to="/reports/group/$id" params={{ id: report.reportGroupId }} fz="sm" fw={500}>
                  See the whole batch
                </AnchorLink>
              </Fact>
            )}
          </Facts>
          {pdf && (
            <Stack gap={6}>
              <Text fz="sm" fw={600}>
                Documents
              </Text>
              {pdf === 'violation' ? (
                <MvrDownloads orderId={report.id} extra={<ReportPdfButton orderId={report.id} kind="violation" label={REPORT_PDFS.violation.name} />} />
              ) : (
                <Group gap="xs">
                  <ReportPdfButton orderId={report.id} kind={pdf} />
                </Group>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>

      <ReportContent report={report} headingLevel={2} />
    </Stack>
  );
}
