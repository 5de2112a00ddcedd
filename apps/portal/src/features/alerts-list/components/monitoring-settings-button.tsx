// The alerts page's "Monitoring settings" button. The dialog and its form load on their own chunk
// when first opened: most visits to the alerts list never open them.
import { Button } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

const MonitoringSettingsModal = lazy(() => import('./monitoring-settings-modal.tsx').then((module) => ({ default: module.MonitoringSettingsModal })));

export function MonitoringSettingsButton() {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconSettings size={18} aria-hidden />}
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
      >
        Monitoring settings
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <MonitoringSettingsModal opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
