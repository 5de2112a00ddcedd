import { createLazyFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../../features/auth/components/forgot-password-page.tsx';

export const Route = createLazyFileRoute('/_public/forgotPassword')({ component: ForgotPasswordPage });
