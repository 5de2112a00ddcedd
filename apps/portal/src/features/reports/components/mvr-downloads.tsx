// Download buttons of an MVR: the standard and condensed PDFs and the condensed text. The report
// id is the order id, so the order page can use this too.
import { Button, Group } from '@mantine/core';
import { IconFileText, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from '../../../app/toasts/notify.ts';
import { MVR_DOCUMENTS, useDownloadMvrReport, type MvrDocument } from '../api/download-mvr-report.ts';

export function MvrDownloads({ orderId }: { orderId: string }) {
  const download = useDownloadMvrReport(orderId);
  const [pending, setPending] = useState<MvrDocument | null>(null);

  const start = (document: MvrDocument) => {
    setPending(document);
    download.mutate(document, {
      onSuccess: (file) => notify.success(`Downloaded ${file.fileName}`),
      onError: (error) => notify.error(`${MVR_DOCUMENTS[document].description} could not be downloaded. ${error.message}`),
      onSettled: () => setPending(null),
    });
  };

  return (
    <Group gap="xs" role="group" aria-label="Download the MVR">
      {(Object.keys(MVR_DOCUMENTS) as MvrDocument[]).map((document) => (
        <Button
          key={document}
          variant="default"
          size="sm"
          leftSection={MVR_DOCUMENTS[document].extension === 'pdf' ? <IconFileTypePdf size={16} aria-hidden /> : <IconFileText size={16} aria-hidden />}
          loading={pending === document}
          disabled={pending !== null && pending !== document}
          title={MVR_DOCUMENTS[document].description}
          onClick={() => start(document)}
        >
          {MVR_DOCUMENTS[document].label}
        </Button>
      ))}
    </Group>
  );
}
