import { createLazyFileRoute } from '@tanstack/react-router';
import { AddDriverPage } from '../../../features/drivers/components/add-driver-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/drivers/add-driver')({ component: AddDriverPage });
