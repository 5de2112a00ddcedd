// A button that opens a dialog whose code loads on its own chunk the first time it is opened (most
// visits never open it): settings dialogs and the like. Made once per dialog, at module level:
// `const SettingsButton = lazyDialogButton(() => import('./settings-modal.tsx').then((m) => ({ default: m.SettingsModal })))`.
import { Button, type ButtonProps } from '@mantine/core';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

export interface DialogProps {
  opened: boolean;
  onClose: () => void;
}

export type LazyDialogButtonProps = ButtonProps & { children: ReactNode };

export function lazyDialogButton(load: () => Promise<{ default: ComponentType<DialogProps> }>): ComponentType<LazyDialogButtonProps> {
  const Dialog = lazy(load);
  return function LazyDialogButton({ children, ...props }: LazyDialogButtonProps) {
    const [opened, setOpened] = useState(false);
    const [wanted, setWanted] = useState(false);
    return (
      <>
        <Button
          variant="default"
          aria-haspopup="dialog"
          {...props}
          onClick={() => {
            setWanted(true);
            setOpened(true);
          }}
        >
          {children}
        </Button>
        {wanted && (
          <Suspense fallback={null}>
            <Dialog opened={opened} onClose={() => setOpened(false)} />
          </Suspense>
        )}
      </>
    );
  };
}
