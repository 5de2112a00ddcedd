// GET /api/v1/person/{id}/events: the driver's monitoring history (enrolments, alerts, reviews), newest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonEvent } from '@clearlane/contract/monitoring';
import type { Page } from '@clearlane/contract/pagination';
import { api } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface PersonEventsQuery {
  page: number;
  size: number;
}

export const getPersonEvents = (personId: string, query: PersonEventsQuery, signal?: AbortSignal) =>
  api.get<Page<PersonEvent>>(`/api/v1/person/${encodeURIComponent(personId)}/events`, { query: { ...query }, signal });

export const personEventsQueryOptions = (personId: string, query: PersonEventsQuery) =>
  queryOptions({
    queryKey: queryKeys.monitoring.events(personId, query),
    queryFn: ({ signal }) => getPersonEvents(personId, query, signal),
    placeholderData: keepPreviousData,
  });

export const usePersonEvents = (personId: string, query: PersonEventsQuery) => useQuery(personEventsQueryOptions(personId, query));
