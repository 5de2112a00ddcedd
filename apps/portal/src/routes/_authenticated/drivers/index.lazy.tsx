import { createLazyFileRoute } from '@tanstack/react-router';
import { DriversPage } from '../../../features/drivers/components/drivers-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/drivers/')({ component: DriversPage });
