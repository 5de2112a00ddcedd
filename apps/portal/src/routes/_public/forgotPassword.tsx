import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';

// ?email= prefill; ?step=code opens the code form directly (a code was already sent at sign-in).
export const Route = createFileRoute('/_public/forgotPassword')({
  staticData: { title: 'Reset your password' },
  validateSearch: z.object({
    email: z.catch(z.optional(z.string().check(z.maxLength(254))), undefined),
    step: z.catch(z.optional(z.enum(['code'])), undefined),
  }),
});
