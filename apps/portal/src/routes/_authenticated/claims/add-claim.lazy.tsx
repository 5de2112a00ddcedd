import { createLazyFileRoute, lazyRouteComponent } from '@tanstack/react-router';

// The form library (react-jsonschema-form, the precompiled validators) lives in the page's chunk,
// which this lazy route loads in turn, so that chunk's many dependencies are listed here and not in
// the entry. No route config (add-claim.tsx): it would land in the entry, whose budget is spent; the
// page checks create Claim itself.
export const Route = createLazyFileRoute('/_authenticated/claims/add-claim')({
  component: lazyRouteComponent(() => import('../../../features/claims/form/claim-form-page.tsx'), 'AddClaimPage'),
});
