import { createFileRoute } from '@tanstack/react-router';

// Every signed-in user may manage their own account: no permission beyond the authenticated layout.
export const Route = createFileRoute('/_authenticated/account')({ staticData: { title: 'Your account' } });
