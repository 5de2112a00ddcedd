import { createLazyFileRoute } from '@tanstack/react-router';
import { BusinessPage } from '../../../features/businesses/components/business-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/businesses/$id')({ component: BusinessPage });
