// Download buttons of an MVR: the standard and condensed PDFs and the condensed text. The report
// id is the order id, so the order page can use this too.
import { Button, Group } from '@mantine/core';
import { IconFileText, IconFileTypePdf } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { notify } from '../../../lib/toasts/notify.ts';
import { MVR_REPORT_DOCUMENT_KINDS, MVR_REPORT_DOCUMENTS, useMvrReportDownload, type MvrReportDocument } from '../../../lib/download.ts';


/** `extra`: more documents of the order in the same group (the violation report's PDF). */
export function MvrDownloads({ orderId, extra }: { orderId: string; extra?: ReactNode }) {
  const download = useMvrReportDownload(orderId);
  const [pending, setPending] = useState<MvrReportDocument | null>(null);

  const start = (document: MvrReportDocument) => {
    setPending(document);
    download.mutate(document, {
      onSuccess: (file) => notify.success(`Downloaded ${file.fileName}`),
      onError: (error) => notify.error(`${MVR_REPORT_DOCUMENTS[document].name} could not be downloaded. ${error.message}`),
      onSettled: () => setPending(null),
    });
  };

  return (
    <Group gap="xs" role="group" aria-label="Download the MVR">
      {MVR_REPORT_DOCUMENT_KINDS.map((document) => (
        <Button
          key={document}
          variant="default"
          size="sm"
          leftSection={MVR_REPORT_DOCUMENTS[document].extension === 'pdf' ? <IconFileTypePdf size={16} aria-hidden /> : <IconFileText size={16} aria-hidden />}
          loading={pending === document}
          disabled={pending !== null && pending !== document}
          // A document's full name wraps on a phone rather than being cut off.
          maw="100%"
          h="auto"
          mih={36}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left', paddingBlock: 6 } }}
          onClick={() => start(document)}
        >
          {/* The documents' own names (the contract's DOCUMENT_LABELS), as the order page and the files say them. */}
          {MVR_REPORT_DOCUMENTS[document].name}
        </Button>
      ))}
      {extra}
    </Group>
  );
}
