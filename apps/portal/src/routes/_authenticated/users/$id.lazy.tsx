import { createLazyFileRoute } from '@tanstack/react-router';
import { UserPage } from '../../../features/users/components/user-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/users/$id')({ component: UserPage });
