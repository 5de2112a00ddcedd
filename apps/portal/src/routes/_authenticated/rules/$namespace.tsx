import { createFileRoute } from '@tanstack/react-router';
import { assertValidRoute } from '../../../app/errors/route-validity.ts';

/** What a ruleset may be called (RuleNamespaceSchema of the contract, spelled out: it builds zod schemas at load). */
const NAMESPACE = /^[a-z0-9][a-z0-9-]{0,62}$/;

// The page reads the ruleset itself: a namespace never saved (404) is offered to a Manager as a new ruleset.
export const Route = createFileRoute('/_authenticated/rules/$namespace')({
  beforeLoad: ({ params, location }) => assertValidRoute(location.pathname, NAMESPACE.test(params.namespace)),
});
