import { createFileRoute } from '@tanstack/react-router';
import { searchSchema, textField } from '../../lib/search-schema.ts';

// ?redirect= where to go after signing in; ?handoff= a one-time code from another host (or from the
// company's identity provider, via the server's callback); ?ssoError= why the provider's sign-in was
// refused; ?email= prefill; ?code=&state= the cloud user pool's hosted sign-in page answering (issue 14).
export const Route = createFileRoute('/_public/login')({
  staticData: { title: 'Sign in' },
  validateSearch: searchSchema({ redirect: textField(2_000), handoff: textField(200), email: textField(254), ssoError: textField(500), code: textField(500), state: textField(200) }),
});
