// GET /api/v1/person/{id}/annual-reviews (newest first) and POST the same path
// {orderId, reviewedOn?, note, decision}: the driver's annual reviews (49 CFR 391.25), each against one
// of the driver's complete MVR orders. Recording one needs create Monitoring; the server checks.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnnualReview, RecordAnnualReviewBody } from '@clearlane/contract/monitoring';
import { api } from '../../../lib/http.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const reviewsPath = (personId: string) => `/api/v1/person/${encodeURIComponent(personId)}/annual-reviews`;

/** Every review of the driver (a handful: one a year). */
export const getAnnualReviews = (personId: string, signal?: AbortSignal) => api.get<AnnualReview[]>(reviewsPath(personId), { signal });

export const annualReviewsQueryOptions = (personId: string) =>
  queryOptions({ queryKey: queryKeys.monitoring.annualReviews(personId), queryFn: ({ signal }) => getAnnualReviews(personId, signal) });

export const useAnnualReviews = (personId: string) => useQuery(annualReviewsQueryOptions(personId));

export const recordAnnualReview = ({ personId, body }: { personId: string; body: RecordAnnualReviewBody }) =>
  api.post<AnnualReview>(reviewsPath(personId), body);

export function useRecordAnnualReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordAnnualReview,
    // The review moves the driver's due date and qualification, and is an event of their history.
    onSuccess: (_review, { personId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.monitoring.annualReviews(personId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.monitoring.personEvents(personId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.drivers.detail(personId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.company.metrics }),
      ]),
  });
}
