// "Download PDF" of an order's report (vehicle, person risk, business risk, or an MVR's violation
// report): fetched with the user's token and handed to the browser as a download. The order page and
// the report page both offer it. A failure is a toast with the server's reason.
import { Button, type ButtonProps } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { REPORT_PDFS, useReportPdfDownload, type ReportPdfKind } from '../lib/download.ts';
import { notify } from '../lib/toasts/notify.ts';

export interface ReportPdfButtonProps {
  orderId: string;
  kind: ReportPdfKind;
  /** The button's text; its title always names the document. */
  label?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

export function ReportPdfButton({ orderId, kind, label = 'Download PDF', size = 'sm', variant = 'default' }: ReportPdfButtonProps) {
  const download = useReportPdfDownload(orderId, kind);
  const { name } = REPORT_PDFS[kind];
  return (
    <Button
      variant={variant}
      size={size}
      leftSection={<IconFileTypePdf size={16} aria-hidden />}
      loading={download.isPending}
      title={`${name} (PDF)`}
      onClick={() =>
        download.mutate(undefined, {
          onSuccess: (file) => notify.success(`Downloaded ${file.fileName}`),
          onError: (error) => notify.error(error.message, { title: `${name} could not be downloaded` }),
        })
      }
    >
      {label}
    </Button>
  );
}
