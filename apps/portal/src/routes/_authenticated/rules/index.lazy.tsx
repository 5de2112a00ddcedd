import { createLazyFileRoute } from '@tanstack/react-router';
import { RulesPage } from '../../../features/rules/components/rules-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/rules/')({ component: RulesPage });
