// The DOT quality report as a CSV file, one row per carrier (every listed number, or those named):
// GET /api/v1/scores/dot/quality/report with Accept: text/csv, fetched by the HTTP client (token,
// retries, problem errors) and saved under the server's file name by the shared download helper.
import { useMutation } from '@tanstack/react-query';
import { saveFile } from '../../download.ts';
import { requestFile } from '../../http.ts';
import { mutationKeys } from '../../query-keys.ts';
import { REPORT_PATH } from './get-dot-quality-report.ts';

export async function downloadDotQualityCsv(dotNumbers?: readonly string[]): Promise<void> {
  saveFile(await requestFile(REPORT_PATH, { query: { dotNumber: dotNumbers ? [...dotNumbers] : undefined }, accept: 'text/csv', fallbackFileName: 'dot-quality-report.csv' }));
}

export const useDotQualityCsvDownload = () =>
  useMutation({ mutationKey: mutationKeys.dotScores.exportCsv, mutationFn: (dotNumbers?: readonly string[]) => downloadDotQualityCsv(dotNumbers) });
