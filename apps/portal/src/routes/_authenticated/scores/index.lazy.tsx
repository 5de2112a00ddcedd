import { createLazyFileRoute } from '@tanstack/react-router';
import { ScoresPage } from '../../../features/dot-scores/components/scores-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/scores/')({ component: ScoresPage });
