import { createLazyFileRoute } from '@tanstack/react-router';
import { UsersPage } from '../../../features/users/components/users-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/users/')({ component: UsersPage });
