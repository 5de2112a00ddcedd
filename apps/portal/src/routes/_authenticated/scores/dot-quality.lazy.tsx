import { createLazyFileRoute } from '@tanstack/react-router';
import { DotQualityPage } from '../../../features/dot-scores/components/dot-quality-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/scores/dot-quality')({ component: DotQualityPage });
