// "Sub-statuses" / "Edit the list": opens the company's sub-status list (manage Order). The dialog
// and its form load on their own chunk when first opened, as the monitoring settings do.
import type { ButtonProps } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { lazyDialogButton } from '../../../components/lazy-dialog-button.tsx';

const DialogButton = lazyDialogButton(() => import('./sub-status-settings-modal.tsx').then((module) => ({ default: module.SubStatusSettingsModal })));

export function SubStatusSettingsButton({ label = 'Sub-statuses', ...props }: ButtonProps & { label?: string }) {
  return (
    <DialogButton leftSection={<IconListDetails size={18} aria-hidden />} {...props}>
      {label}
    </DialogButton>
  );
}
