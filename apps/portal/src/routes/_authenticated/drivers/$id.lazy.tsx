import { createLazyFileRoute } from '@tanstack/react-router';
import { DriverPage } from '../../../features/drivers/components/driver-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/drivers/$id')({ component: DriverPage });
