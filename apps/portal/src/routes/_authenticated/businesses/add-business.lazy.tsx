import { createLazyFileRoute } from '@tanstack/react-router';
import { AddBusinessPage } from '../../../features/businesses/components/add-business-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/businesses/add-business')({ component: AddBusinessPage });
