import { createFileRoute } from '@tanstack/react-router';
import { oneOfField, searchSchema, textField } from '../../lib/search-schema.ts';

// ?email= prefill; ?step=code opens the code form directly (a code was already sent at sign-in).
export const Route = createFileRoute('/_public/forgotPassword')({
  staticData: { title: 'Reset your password' },
  validateSearch: searchSchema({ email: textField(254), step: oneOfField(['code']) }),
});
