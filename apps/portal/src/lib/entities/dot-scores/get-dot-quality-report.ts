// GET /api/v1/scores/dot/quality/report: the quality report of the company's carriers (every listed
// DOT number, or those named; a number not on the list is a 404). While numbers are being scored by
// jobs (a 202), the report on screen is asked again every 2 s until each of them has a new scoring.
// (The same report as CSV: export-dot-quality-csv.ts.)
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CarrierReport, DotQualityReport } from '@clearlane/contract/dot-scores';
import { ApiError } from '../../api-error.ts';
import { api } from '../../http.ts';
import { queryKeys } from '../../query-keys.ts';

export const REPORT_PATH = '/api/v1/scores/dot/quality/report';
export const SCORING_POLL_MS = 2_000;

export const getDotQualityReport = (dotNumbers?: readonly string[], signal?: AbortSignal) =>
  api.get<DotQualityReport>(REPORT_PATH, { query: { dotNumber: dotNumbers ? [...dotNumbers] : undefined }, signal });

/**
 * Numbers sent for scoring by jobs, each with the time of its scoring before (null if never
 * scored): a number is still pending while the report shows that same scoring.
 */
export type PendingScorings = ReadonlyMap<string, string | null>;

/** The numbers of `pending` the report has no new scoring of yet. */
export function stillPending(pending: PendingScorings, carriers: readonly Pick<CarrierReport, 'dotNumber' | 'scoredAt'>[] | undefined): string[] {
  const scoredAt = new Map((carriers ?? []).map((carrier) => [carrier.dotNumber, carrier.scoredAt]));
  // A number new to the list may not be in the report on screen yet: waited for. One that was scored
  // before and is no longer listed (removed meanwhile) is not.
  return [...pending].filter(([dot, before]) => (scoredAt.has(dot) ? scoredAt.get(dot) === before : before === null)).map(([dot]) => dot);
}

export const dotQualityReportQueryOptions = (dotNumbers?: readonly string[], pending: PendingScorings = new Map()) =>
  queryOptions({
    queryKey: queryKeys.dotScores.report(dotNumbers),
    queryFn: ({ signal }) => getDotQualityReport(dotNumbers, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (pending.size > 0 && stillPending(pending, query.state.data?.carriers).length > 0 ? SCORING_POLL_MS : false),
  });

/** A refusal (401/403) goes to the error page; anything else stays on the page with "Try again". */
const isRefusal = (error: Error) => error instanceof ApiError && (error.status === 401 || error.status === 403);

export const useDotQualityReport = (dotNumbers?: readonly string[], pending?: PendingScorings, enabled = true) =>
  useQuery({ ...dotQualityReportQueryOptions(dotNumbers, pending), throwOnError: isRefusal, enabled });
