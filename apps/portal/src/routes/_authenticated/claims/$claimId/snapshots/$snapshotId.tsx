import { createFileRoute } from '@tanstack/react-router';
import { requireUuidParams } from '../../../../../app/errors/route-validity.ts';

// The page fetches the snapshot (useSuspenseQuery); another company's claim or snapshot answers 404
// like a missing one and shows the error page. No loader: its code would land in the entry.
export const Route = createFileRoute('/_authenticated/claims/$claimId/snapshots/$snapshotId')({
  beforeLoad: requireUuidParams('claimId', 'snapshotId'),
});
