import { createFileRoute } from '@tanstack/react-router';
import { claimsSearchSchema } from '../../../features/claims/claims-search.ts';

// No loader: the page asks for its list itself (a loader's code would land in the entry chunk).
export const Route = createFileRoute('/_authenticated/claims/')({
  staticData: { title: 'Claims' },
  validateSearch: claimsSearchSchema,
});
