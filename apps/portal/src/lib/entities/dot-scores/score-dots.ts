// POST /api/v1/scores/dot/quality with ["1234567", …]: the numbers join the company's list (as
// watched carriers) and are scored. Up to 25 on a quick provider are scored in the request (200 with
// their report); more, or a rate-limited provider, become jobs (202 with the numbers queued), whose
// results the report shows as they land. A bad number is a 400 naming it (`body.<index>`).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DotQualityReport, ScoreDotsAccepted } from '@clearlane/contract/dot-scores';
import { api } from '../../http.ts';
import { mutationKeys, queryKeys } from '../../query-keys.ts';

/** The most numbers one request names (MAX_DOT_NUMBERS_PER_SCORING, spelled out: the contract's module builds zod schemas at load). */
export const MAX_DOT_NUMBERS_PER_SCORING: typeof import('@clearlane/contract/dot-scores').MAX_DOT_NUMBERS_PER_SCORING = 500;

export type ScoreAnswer = { scored: DotQualityReport } | { queued: ScoreDotsAccepted };

export async function scoreDots(dotNumbers: readonly string[]): Promise<ScoreAnswer> {
  const answer = await api.post<DotQualityReport | ScoreDotsAccepted>('/api/v1/scores/dot/quality', dotNumbers);
  return 'carriers' in answer ? { scored: answer } : { queued: answer };
}

/** Scores numbers in requests of at most 500 (a company may list more), merging the answers. */
export async function scoreAllDots(dotNumbers: readonly string[]): Promise<ScoreAnswer[]> {
  const answers: ScoreAnswer[] = [];
  for (let start = 0; start < dotNumbers.length; start += MAX_DOT_NUMBERS_PER_SCORING) {
    answers.push(await scoreDots(dotNumbers.slice(start, start + MAX_DOT_NUMBERS_PER_SCORING)));
  }
  return answers;
}

export function useScoreDots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: mutationKeys.dotScores.score,
    mutationFn: scoreAllDots,
    // New numbers join the list; scored ones have new figures.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dotScores.all }),
  });
}
