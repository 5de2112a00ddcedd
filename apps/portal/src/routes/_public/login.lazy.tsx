import { createLazyFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../../features/auth/components/login-page.tsx';

export const Route = createLazyFileRoute('/_public/login')({ component: LoginPage });
