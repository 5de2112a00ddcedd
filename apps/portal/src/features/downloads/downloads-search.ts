// The downloads list's view as search params (?page=1&sort=expiresAt,asc), so a view is a URL.
// UI-free and library-free: the route config that imports this lands in the entry chunk.
import type { DownloadSortField } from '@clearlane/contract/downloads';
import { listQueryOf, listSearchFields } from '../../lib/list-search.ts';
import { searchSchema, type SearchOfSchema } from '../../lib/search-schema.ts';

// Spelled out rather than imported (the contract's modules build full zod schemas at load time).
export const DOWNLOAD_SORT_KEYS = ['createdAt', 'status', 'expiresAt', 'size'] as const satisfies readonly DownloadSortField[];
export type DownloadSortKey = (typeof DOWNLOAD_SORT_KEYS)[number];

/** Newest first: the bundle just asked for is at the top. */
export const DEFAULT_DOWNLOADS_SORT = 'createdAt,desc';

export const downloadsSearchSchema = searchSchema(listSearchFields(DOWNLOAD_SORT_KEYS));
export type DownloadsSearch = SearchOfSchema<typeof downloadsSearchSchema>;

/** The list has no filters (the API takes page, size and sort only). */
export const DOWNLOAD_FILTER_KEYS = [] as const satisfies readonly (keyof DownloadsSearch)[];

/** The API query of a view: page 0-based, default size and sort filled in. */
export const downloadsQueryOf = (search: DownloadsSearch) => listQueryOf(search, DEFAULT_DOWNLOADS_SORT);
