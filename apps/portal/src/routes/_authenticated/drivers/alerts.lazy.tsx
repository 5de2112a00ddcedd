import { createLazyFileRoute } from '@tanstack/react-router';
import { AlertsPage } from '../../../features/alerts-list/components/alerts-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/drivers/alerts')({ component: AlertsPage });
