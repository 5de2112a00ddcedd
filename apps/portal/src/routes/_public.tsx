import { createFileRoute } from '@tanstack/react-router';
import { redirectSignedInUser } from '../app/auth/guards.ts';
import { PublicLayout } from '../app/layouts/public-layout.tsx';
import { StandaloneRouteErrorPage } from '../app/errors/route-error.tsx';

// The unauthenticated layout (login, forgotPassword, healthCheck): a signed-in user goes to /.
export const Route = createFileRoute('/_public')({
  beforeLoad: redirectSignedInUser,
  component: PublicLayout,
  errorComponent: StandaloneRouteErrorPage,
});
