import { createLazyFileRoute } from '@tanstack/react-router';
import { ReportPage } from '../../../features/reports/components/report-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/reports/$id')({ component: ReportPage });
