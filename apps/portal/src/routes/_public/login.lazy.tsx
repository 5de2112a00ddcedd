import { createLazyFileRoute } from '@tanstack/react-router';
import { completeSignIn, redeemHandoff } from '../../app/auth/complete-sign-in.ts';
import { LoginPage } from '../../features/auth/components/login-page.tsx';

// The page is a feature; finishing a sign-in is the shell's (features never import app/).
export const Route = createLazyFileRoute('/_public/login')({ component: () => <LoginPage completeSignIn={completeSignIn} redeemHandoff={redeemHandoff} /> });
