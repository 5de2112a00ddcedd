import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';

// ?redirect= where to go after signing in; ?handoff= a one-time code from another host; ?email= prefill.
export const Route = createFileRoute('/_public/login')({
  staticData: { title: 'Sign in' },
  validateSearch: z.object({
    redirect: z.optional(z.string()),
    handoff: z.optional(z.string()),
    email: z.catch(z.optional(z.string().check(z.maxLength(254))), undefined),
  }),
});
