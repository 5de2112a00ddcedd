import { createFileRoute } from '@tanstack/react-router';
import { searchSchema, textField } from '../../lib/search-schema.ts';

// ?redirect= where to go after signing in; ?handoff= a one-time code from another host; ?email= prefill.
export const Route = createFileRoute('/_public/login')({
  staticData: { title: 'Sign in' },
  validateSearch: searchSchema({ redirect: textField(2_000), handoff: textField(200), email: textField(254) }),
});
