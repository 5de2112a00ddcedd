// "Download reports": the button that opens the bundle dialog, on the orders list (a selection), a
// report group's page and a driver's page. The dialog loads on its own chunk when first opened: most
// visits to these pages never open it. Shown only with the downloads plugin on and to those who may
// view orders and reports (the server checks them again).
import { Button, type ButtonProps } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { DownloadDetail } from '@clearlane/contract/downloads';
import { useAbility } from '../../lib/ability.tsx';
import { useUserContext } from '../../lib/current-user.ts';
import { hasPlugins } from '../../lib/plugins.ts';
import type { BundleScope } from './bundle-request.ts';

const DownloadReportsDialog = lazy(() => import('./download-reports-dialog.tsx').then((module) => ({ default: module.DownloadReportsDialog })));

/** Whether this user may make bundles here: the downloads plugin on, and orders and their reports visible to them (as the server asks). */
export function useMayDownloadReports(): boolean {
  const ability = useAbility();
  return hasPlugins(useUserContext().plugins, 'orders', 'downloads') && ability.can('view', 'Order') && ability.can('view', 'Reports');
}

export interface DownloadReportsButtonProps extends Omit<ButtonProps, 'children'> {
  /** What the bundle is made of; read when the button is pressed. */
  scope: BundleScope;
  onStarted?: (download: DownloadDetail) => void;
  label?: string;
}

export function DownloadReportsButton({ scope, onStarted, label = 'Download reports', ...buttonProps }: DownloadReportsButtonProps) {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileDownload size={18} aria-hidden />}
        {...buttonProps}
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
      >
        {label}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <DownloadReportsDialog opened={opened} onClose={() => setOpened(false)} scope={scope} onStarted={onStarted} />
        </Suspense>
      )}
    </>
  );
}
