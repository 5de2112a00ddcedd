import { createFileRoute } from '@tanstack/react-router';

// The page's code, its query and the guard's ability check load on demand: none is in the entry chunk.
export const Route = createFileRoute('/_authenticated/company/sso')({
  staticData: { title: 'Single sign-on' },
  beforeLoad: async ({ context }) => (await import('../../../features/company-sso/access.ts')).assertMayManageSso(context.queryClient),
});
