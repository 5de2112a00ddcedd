import { createLazyFileRoute, lazyRouteComponent } from '@tanstack/react-router';

// As add-claim.lazy.tsx: the form's chunk loads from here; no route config (the entry's budget is
// spent), so the page checks create Claim and that the id is a UUID (else the claims layout's 404).
export const Route = createLazyFileRoute('/_authenticated/claims/$claimId/edit')({
  component: lazyRouteComponent(() => import('../../../../features/claims/form/claim-form-page.tsx'), 'EditClaimPage'),
});
