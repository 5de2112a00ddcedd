import { createLazyFileRoute } from '@tanstack/react-router';
import { BusinessesPage } from '../../../features/businesses/components/businesses-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/businesses/')({ component: BusinessesPage });
