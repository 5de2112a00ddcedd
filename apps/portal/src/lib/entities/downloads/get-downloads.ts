// GET /api/v1/orders/download: one page of the company's report bundles (page 0-based,
// sort=field,dir). The requester sees theirs; Managers and admins everyone's. The page on screen is
// asked again every 2 s while one of its bundles is being built, so the progress bars move, and
// left alone once none is.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Download, DownloadSortField } from '@clearlane/contract/downloads';
import type { Page } from '@clearlane/contract/pagination';
import { ApiError } from '../../api-error.ts';
import { api } from '../../http.ts';
import { queryKeys } from '../../query-keys.ts';

export const DOWNLOADS_POLL_MS = 2_000;

export interface DownloadsQuery {
  page: number;
  size: number;
  sort: `${DownloadSortField},${'asc' | 'desc'}` | string;
}

export const getDownloads = (query: DownloadsQuery, signal?: AbortSignal) => api.get<Page<Download>>('/api/v1/orders/download', { query: { ...query }, signal });

/** Whether a page holds a bundle still being built (so it is worth asking again). */
export const hasProcessingDownloads = (page: Page<Download> | undefined) => Boolean(page?.content.some((download) => download.status === 'Processing'));

export const downloadsQueryOptions = (query: DownloadsQuery) =>
  queryOptions({
    queryKey: queryKeys.downloads.list(query),
    queryFn: ({ signal }) => getDownloads(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (hasProcessingDownloads(current.state.data) ? DOWNLOADS_POLL_MS : false),
  });

/** A refusal (401/403) goes to the error page; anything else stays on the page with "Try again". */
const isRefusal = (error: Error) => error instanceof ApiError && (error.status === 401 || error.status === 403);

export const useDownloads = (query: DownloadsQuery) => useQuery({ ...downloadsQueryOptions(query), throwOnError: isRefusal });
