// GET /api/v1/tags: every tag of the company, hidden ones included (they still filter the list).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag } from '@clearlane/contract/tags';
import { api } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getTags = (signal?: AbortSignal) => api.get<Tag[]>('/api/v1/tags', { signal });

export const tagsQueryOptions = () => queryOptions({ queryKey: queryKeys.tags.used, queryFn: ({ signal }) => getTags(signal), staleTime: 60_000 });

export const useTags = () => useQuery(tagsQueryOptions());
