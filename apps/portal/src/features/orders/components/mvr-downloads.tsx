// The MVR's documents: the standard and condensed PDFs and the condensed text, fetched with the
// user's token and handed to the browser as downloads. Each button shows its own progress.
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileText, IconFileTypePdf } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { notify } from '../../../lib/toasts/notify.ts';
import { MVR_REPORT_DOCUMENT_KINDS, MVR_REPORT_DOCUMENTS, useMvrReportDownload } from '../../../lib/download.ts';


/** `extra`: more documents of the order in the same group (the violation report's PDF). */
export function MvrDownloads({ orderId, extra }: { orderId: string; extra?: ReactNode }) {
  const download = useMvrReportDownload(orderId);
  return (
    <Stack gap={6}>
      <Text id="mvr-downloads-label" fz="sm" fw={600}>
        Documents
      </Text>
      <Group gap="xs" role="group" aria-labelledby="mvr-downloads-label">
        {MVR_REPORT_DOCUMENT_KINDS.map((kind) => {
          const { extension } = MVR_REPORT_DOCUMENTS[kind];
          // The documents' own names (the contract's DOCUMENT_LABELS), as the reports page and the files say them.
          const label = MVR_REPORT_DOCUMENTS[kind].name;
          const loading = download.isPending && download.variables === kind;
          return (
            <Button
              key={kind}
              variant="default"
              size="xs"
              leftSection={extension === 'pdf' ? <IconFileTypePdf size={16} aria-hidden /> : <IconFileText size={16} aria-hidden />}
              loading={loading}
              // One download at a time: a second click while one runs would be easy to miss.
              disabled={download.isPending && !loading}
              onClick={() =>
                download.mutate(kind, {
                  onError: (error) => notify.error(error.message, { title: `${label} could not be downloaded` }),
                })
              }
            >
              {label}
            </Button>
          );
        })}
        {extra}
      </Group>
    </Stack>
  );
}
