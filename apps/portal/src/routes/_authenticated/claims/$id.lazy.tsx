import { createLazyFileRoute } from '@tanstack/react-router';
import { ClaimPage } from '../../../features/claims/components/claim-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/claims/$id')({ component: ClaimPage });
