// GET /api/v1/tags/visible: the tags offered as suggestions when tagging an order. Hidden tags
// still filter the order list but are deliberately not offered for new orders (contract tags.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag } from '@clearlane/contract/tags';
import { api } from '../../../../lib/http.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';

export const getOfferedTags = (signal?: AbortSignal) => api.get<Tag[]>('/api/v1/tags/visible', { signal });

export const offeredTagsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.tags.offered, queryFn: ({ signal }) => getOfferedTags(signal), staleTime: 60_000 });

export const useOfferedTags = () => useQuery(offeredTagsQueryOptions());
