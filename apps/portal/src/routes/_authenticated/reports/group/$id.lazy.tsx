import { createLazyFileRoute } from '@tanstack/react-router';
import { ReportGroupPage } from '../../../../features/reports/components/report-group-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/reports/group/$id')({ component: ReportGroupPage });
