import { createLazyFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../features/account/components/account-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/account')({ component: AccountPage });
