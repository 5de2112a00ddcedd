// The content of a report, rendered by its type. Reusable: the report page shows it under its h1,
// and the order page can embed it under a section heading (headingLevel 3).
import { Alert, type TitleOrder } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { Report } from '@clearlane/contract/reports';
import type { BusinessRiskContent, MvrRecordContent, PersonRiskContent, VehicleReportContent } from './content-types.ts';
import { MvrContent } from './mvr-content.tsx';
import { BusinessRiskReport, PersonRiskReport } from './risk-content.tsx';
import { VehicleContent } from './vehicle-content.tsx';

export interface ReportContentProps {
  report: Pick<Report, 'reportType' | 'content'>;
  /** The level of the section headings (2 under a page's h1, 3 under an h2). */
  headingLevel?: TitleOrder;
}

export function ReportContent({ report, headingLevel = 2 }: ReportContentProps) {
  switch (report.reportType) {
    case 'MotorVehicleRecord':
      return <MvrContent record={report.content as MvrRecordContent} level={headingLevel} />;
    case 'VehicleReport':
      return <VehicleContent report={report.content as VehicleReportContent} level={headingLevel} />;
    case 'PersonRiskAssessment':
      return <PersonRiskReport report={report.content as PersonRiskContent} level={headingLevel} />;
    case 'BusinessRiskAssessment':
      return <BusinessRiskReport report={report.content as BusinessRiskContent} level={headingLevel} />;
    default:
      return (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title="No preview for this report type">
          This kind of report cannot be shown here yet.
        </Alert>
      );
  }
}
