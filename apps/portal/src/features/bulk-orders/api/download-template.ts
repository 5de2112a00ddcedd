// GET /api/v1/orders/bulk/template?format=xlsx|csv: the sheet to fill in, with the columns and an
// example row, fetched as a file (lib/http.ts requestFile) and saved under the server's name.
import { useMutation } from '@tanstack/react-query';
import { BULK_ORDER_CONTENT_TYPES, type BulkOrderFileFormat } from '@clearlane/contract/bulk-orders';
import { saveFile, type DownloadedFile } from '../../../lib/download.ts';
import { requestFile } from '../../../lib/http.ts';

export const downloadTemplate = (format: BulkOrderFileFormat): Promise<DownloadedFile> =>
  requestFile('/api/v1/orders/bulk/template', { query: { format }, accept: BULK_ORDER_CONTENT_TYPES[format], fallbackFileName: `mvr-bulk-order-template.${format}` });

export const useDownloadTemplate = () =>
  useMutation({
    mutationFn: async (format: BulkOrderFileFormat) => {
      const file = await downloadTemplate(format);
      saveFile(file);
      return file;
    },
  });
