import { createFileRoute } from '@tanstack/react-router';
import { requireUuidParams } from '../../../app/errors/route-validity.ts';

// The page fetches the claim (useSuspenseQuery); another company's claim answers 404 like a missing
// one and shows the error page as a loader's error would. No loader: its code would land in the entry.
export const Route = createFileRoute('/_authenticated/claims/$id')({
  beforeLoad: requireUuidParams('id'),
});
