import { createLazyFileRoute } from '@tanstack/react-router';
import { RulesetPage } from '../../../features/rules/components/ruleset-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/rules/$namespace')({ component: RulesetPage });
