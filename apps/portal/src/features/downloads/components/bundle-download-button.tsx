// The Download button of a ready bundle: a real link to the file (copy it, or open a signed address
// as is), which for our own API's file route fetches with the bearer token instead, as every report
// PDF is, since the server takes no cookie (lib/entities/downloads/download-bundle-file.ts).
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { Download } from '@clearlane/contract/downloads';
import { isApiFileUrl, useBundleFileDownload } from '../../../lib/entities/downloads/download-bundle-file.ts';
import { notify } from '../../../lib/toasts/notify.ts';

export function BundleDownloadButton({ download, compact = false }: { download: Download & { url: string }; compact?: boolean }) {
  const save = useBundleFileDownload(download);
  return (
    <Button
      component="a"
      href={download.url}
      download={download.fileName}
      size={compact ? 'compact-sm' : 'sm'}
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={save.isPending}
      aria-label={`Download ${download.fileName}`}
      onClick={(event: React.MouseEvent<HTMLAnchorElement>) => {
        if (!isApiFileUrl(download.url)) return;
        event.preventDefault();
        save.mutate(undefined, { onError: (error) => notify.error(error.message || 'The file could not be downloaded.', { title: 'Download failed', position: 'bottom-right' }) });
      }}
    >
      Download
    </Button>
  );
}
