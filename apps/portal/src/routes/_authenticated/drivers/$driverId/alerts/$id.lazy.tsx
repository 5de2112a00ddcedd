import { createLazyFileRoute } from '@tanstack/react-router';
import { AlertPage } from '../../../../../features/drivers/components/alert/alert-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/drivers/$driverId/alerts/$id')({ component: AlertPage });
