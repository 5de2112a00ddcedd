import { createLazyFileRoute } from '@tanstack/react-router';
import { ReportsPage } from '../../../features/reports/components/reports-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/reports/')({ component: ReportsPage });
