import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';

export const Route = createFileRoute('/_public/login')({
  validateSearch: z.object({ redirect: z.optional(z.string()), handoff: z.optional(z.string()) }),
});
