// Renders the toast store: one fixed container per position, each toast a Mantine Notification.
// Errors are role="alert" (assertive); everything else role="status" (polite).
import { Button, Group, Notification, Stack, useMantineTheme } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import type { ToastPosition, ToastType } from '@clearlane/contract/enums';
import { useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';
import { TOAST_POSITIONS, TOAST_REMOVAL_DELAY_MS, toastStore, type Toast, type ToastStore } from '../../lib/toasts/toast-store.ts';

// The icon's disc: a dark fill behind a white icon in both schemes, so the literal colour (shade
// tokens turn light in dark mode, app/theme.ts).
const COLORS: Record<ToastType, [hue: string, shade: number]> = { success: ['green', 8], error: ['red', 8], info: ['lane', 7], warning: ['orange', 9], default: ['gray', 7] };
const ICONS: Record<ToastType, ReactNode> = {
  success: <IconCheck size={18} aria-hidden />,
  error: <IconX size={18} aria-hidden />,
  info: <IconInfoCircle size={18} aria-hidden />,
  warning: <IconAlertTriangle size={18} aria-hidden />,
  default: null,
};

// The header is 60 px high and its right end holds the user menu: top toasts start below it.
const EDGE = 'calc(60px + var(--mantine-spacing-sm))';
const PLACEMENT: Record<ToastPosition, CSSProperties> = {
  'top-left': { top: EDGE, left: 16, alignItems: 'flex-start' },
  top: { top: EDGE, left: '50%', transform: 'translateX(-50%)', alignItems: 'center' },
  'top-right': { top: EDGE, right: 16, alignItems: 'flex-end' },
  'bottom-left': { bottom: 16, left: 16, alignItems: 'flex-start' },
  bottom: { bottom: 16, left: '50%', transform: 'translateX(-50%)', alignItems: 'center' },
  'bottom-right': { bottom: 16, right: 16, alignItems: 'flex-end' },
};

export function ToastViewport({ store = toastStore }: { store?: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <>
      {TOAST_POSITIONS.map((position) => {
        const here = toasts.filter((toast) => toast.position === position && toast.status !== 'hidden');
        if (here.length === 0) return null;
        return (
          <Stack
            key={position}
            data-toast-position={position}
            gap="xs"
            style={{ position: 'fixed', zIndex: 400, width: 'min(420px, calc(100vw - 32px))', ...PLACEMENT[position] }}
          >
            {(position.startsWith('bottom') ? [...here].reverse() : here).map((toast) => (
              <ToastItem key={toast.id} toast={toast} store={store} />
            ))}
          </Stack>
        );
      })}
    </>
  );
}

function ToastItem({ toast, store }: { toast: Toast; store: ToastStore }) {
  const theme = useMantineTheme();
  const [hue, shade] = COLORS[toast.type];
  const isError = toast.type === 'error';
  const leaving = toast.status === 'dismissed';
  return (
    <Notification
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-toast-type={toast.type}
      data-toast-status={toast.status}
      w="100%"
      withBorder
      color={theme.colors[hue]![shade]}
      icon={ICONS[toast.type] ?? undefined}
      title={toast.title}
      withCloseButton={toast.dismissible}
      closeButtonProps={{ 'aria-label': 'Dismiss notification' }}
      // Mantine dims the message under a title (#868e96 on white, 3.3:1): the text colour keeps 4.5:1.
      styles={{ description: { color: 'var(--mantine-color-text)' } }}
      onClose={() => store.dismiss(toast.id)}
      onClick={() => store.click(toast.id)}
      onMouseEnter={() => store.pause(toast.id)}
      onMouseLeave={() => store.resume(toast.id)}
      // Keyboard users reading the toast get the same extra time as a hovering pointer (WCAG 2.2.1).
      onFocus={() => store.pause(toast.id)}
      onBlur={() => store.resume(toast.id)}
      style={{
        cursor: toast.dismissible ? 'pointer' : undefined,
        boxShadow: 'var(--mantine-shadow-md)',
        opacity: leaving ? 0 : 1,
        transform: leaving ? 'translateY(-6px)' : 'none',
        transition: `opacity ${TOAST_REMOVAL_DELAY_MS}ms ease, transform ${TOAST_REMOVAL_DELAY_MS}ms ease`,
        animation: 'clearlane-toast-in 150ms ease',
      }}
    >
      {toast.message}
      {toast.action && (
        <Group mt="xs">
          <Button
            size="xs"
            variant="light"
            onClick={(event) => {
              event.stopPropagation();
              toast.action!.onClick();
              store.dismiss(toast.id);
            }}
          >
            {toast.action.label}
          </Button>
        </Group>
      )}
    </Notification>
  );
}
