import { createLazyFileRoute } from '@tanstack/react-router';
import { DownloadsPage } from '../../features/downloads/components/downloads-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/downloads')({ component: DownloadsPage });
