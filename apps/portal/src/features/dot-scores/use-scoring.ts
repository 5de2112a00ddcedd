// Scoring DOT numbers from a page: POST /scores/dot/quality. Scored in the request (200), the report
// is asked again and the page shows the new figures. Queued as jobs (202), the numbers are pending:
// the page shows how many are scored so far and the report is asked again every 2 s until each has a
// new scoring (stillPending), then says they are done.
import { useEffect, useMemo, useState } from 'react';
import type { CarrierReport } from '@clearlane/contract/dot-scores';
import { stillPending, useDotQualityReport, type PendingScorings } from '../../lib/entities/dot-scores/get-dot-quality-report.ts';
import { useScoreDots } from '../../lib/entities/dot-scores/score-dots.ts';
import { notify } from '../../lib/toasts/notify.ts';

const plural = (count: number, one: string, other = `${one}s`) => `${count} ${count === 1 ? one : other}`;

export interface Scoring {
  /** Scores the numbers (true when the server took them). */
  score: (dotNumbers: readonly string[]) => Promise<boolean>;
  isScoring: boolean;
  error: Error | null;
  /** Numbers queued by jobs, with their last scoring before (the report query polls while any is pending). */
  pending: PendingScorings;
  /** How many queued numbers are still waiting, of how many. */
  progress: { waiting: number; total: number } | null;
}

/**
 * The report of the company's carriers (or of `dotNumbers`) and the way to score them: while
 * numbers are queued, the report is asked again every 2 s until each has a new scoring.
 */
export function useScoredReport(dotNumbers?: readonly string[], enabled = true) {
  const [pending, setPending] = useState<PendingScorings>(new Map());
  const report = useDotQualityReport(dotNumbers, pending, enabled);
  const scoring = useScoring(report.data?.carriers, pending, setPending);
  return { report, scoring };
}

function useScoring(carriers: readonly CarrierReport[] | undefined, pending: PendingScorings, setPending: (pending: PendingScorings) => void): Scoring {
  const mutation = useScoreDots();
  const waiting = useMemo(() => stillPending(pending, carriers), [pending, carriers]);

  useEffect(() => {
    if (pending.size > 0 && waiting.length === 0 && carriers !== undefined) {
      notify.success(`${plural(pending.size, 'DOT number')} scored.`);
      setPending(new Map());
    }
  }, [pending, waiting.length, carriers, setPending]);

  const score = async (dotNumbers: readonly string[]) => {
    const before = new Map((carriers ?? []).map((carrier) => [carrier.dotNumber, carrier.scoredAt]));
    try {
      const answers = await mutation.mutateAsync(dotNumbers);
      const queued = answers.flatMap((answer) => ('queued' in answer ? answer.queued.dotNumbers : []));
      const scored = answers.flatMap((answer) => ('scored' in answer ? answer.scored.carriers : []));
      if (queued.length > 0) {
        setPending(new Map(queued.map((dot) => [dot, before.get(dot) ?? null])));
        notify.info(`${plural(queued.length, 'DOT number')} queued for scoring. The figures appear here as they land.`);
      }
      if (scored.length > 0) {
        const failed = scored.filter((carrier) => carrier.status !== 'SCORED').length;
        notify.success(`${plural(scored.length, 'DOT number')} scored${failed > 0 ? `; ${failed} could not be (see why in the list)` : ''}.`);
      }
      return true;
    } catch {
      // The error is shown where the numbers were typed (mutation.error).
      return false;
    }
  };

  return {
    score,
    isScoring: mutation.isPending,
    error: mutation.error,
    pending,
    progress: pending.size > 0 ? { waiting: waiting.length, total: pending.size } : null,
  };
}
