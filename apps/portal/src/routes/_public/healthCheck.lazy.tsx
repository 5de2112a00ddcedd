import { createLazyFileRoute } from '@tanstack/react-router';
import { HealthPage } from '../../features/health/components/health-page.tsx';

export const Route = createLazyFileRoute('/_public/healthCheck')({ component: HealthPage });
