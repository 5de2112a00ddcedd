import { createLazyFileRoute } from '@tanstack/react-router';
import { ClaimsPage } from '../../../features/claims/components/claims-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/claims/')({ component: ClaimsPage });
