import { createLazyFileRoute } from '@tanstack/react-router';
import { AddUserPage } from '../../../features/users/components/add-user-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/users/add-user')({ component: AddUserPage });
