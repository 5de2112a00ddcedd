import { createLazyFileRoute } from '@tanstack/react-router';
import { ClaimSnapshotPage } from '../../../../../features/claims/components/claim-snapshot-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/claims/$claimId/snapshots/$snapshotId')({ component: ClaimSnapshotPage });
