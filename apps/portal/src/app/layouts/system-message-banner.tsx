// The operator's system message above every page, signed in or not. Dismissing hides this message
// for the rest of the browser session; a new or changed message shows again.
import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SystemMessage } from '@clearlane/contract/company';
import { readable } from '../../lib/scheme-colors.ts';
import { systemMessageQuery } from '../../lib/system-message.ts';

const DISMISSED_KEY = 'clearlane.systemMessageDismissed';
// A light tint with dark text of the same hue: readable (WCAG AA) and still clearly coloured.
const COLOR: Record<SystemMessage['severity'], { tint: string; text: string }> = {
  info: { tint: 'lane', text: 'var(--mantine-color-lane-9)' },
  warning: { tint: 'orange', text: readable('#7a3300') }, // Mantine's orange 9 is below 4.5:1 on the tint
  critical: { tint: 'red', text: readable('#a51d1d') },
};

const messageKey = (message: SystemMessage) => `${message.updatedAt ?? ''}|${message.message ?? ''}`;

function readDismissed(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

export function SystemMessageBanner() {
  const { data } = useQuery(systemMessageQuery);
  const [dismissed, setDismissed] = useState(readDismissed);
  if (!data?.message || dismissed === messageKey(data)) return null;

  const dismiss = () => {
    const key = messageKey(data);
    try {
      sessionStorage.setItem(DISMISSED_KEY, key);
    } catch {
      // Storage blocked: dismissed until the next page load.
    }
    setDismissed(key);
  };

  return (
    <Alert
      role={data.severity === 'critical' ? 'alert' : 'status'}
      variant="light"
      color={COLOR[data.severity].tint}
      vars={() => ({ root: { '--alert-color': COLOR[data.severity].text } })}
      styles={{ message: { color: 'var(--mantine-color-text)' } }}
      icon={data.severity === 'info' ? <IconInfoCircle aria-hidden /> : <IconAlertTriangle aria-hidden />}
      title={data.severity === 'info' ? 'Notice' : data.severity === 'warning' ? 'Warning' : 'Important'}
      withCloseButton
      closeButtonLabel="Dismiss system message"
      onClose={dismiss}
      mb="md"
      data-testid="system-message"
    >
      {data.message}
    </Alert>
  );
}
