import { createLazyFileRoute } from '@tanstack/react-router';
import { SsoSettingsPage } from '../../../features/company-sso/components/sso-settings-page.tsx';

export const Route = createLazyFileRoute('/_authenticated/company/sso')({ component: SsoSettingsPage });
