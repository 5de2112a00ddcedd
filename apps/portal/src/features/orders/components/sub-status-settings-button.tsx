// "Edit sub-statuses": opens the company's sub-status list (manage Order). The dialog and its form
// load on their own chunk when first opened, as the monitoring settings do.
import { Button, type ButtonProps } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

const SubStatusSettingsModal = lazy(() => import('./sub-status-settings-modal.tsx').then((module) => ({ default: module.SubStatusSettingsModal })));

export function SubStatusSettingsButton({ label = 'Sub-statuses', ...props }: ButtonProps & { label?: string }) {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconListDetails size={18} aria-hidden />}
        aria-haspopup="dialog"
        {...props}
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
      >
        {label}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <SubStatusSettingsModal opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
