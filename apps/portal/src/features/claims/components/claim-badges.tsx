// How the claim pages name and colour a claim's status and kind. Colours are shade 7–9 so white text
// on them passes WCAG AA; every badge says its value in words (never colour alone).
import { Badge, Loader } from '@mantine/core';
import type { ClaimKind, ClaimStatus } from '@clearlane/contract/claims';

export const CLAIM_STATUS_COLORS: Record<ClaimStatus, string> = {
  New: 'gray.7',
  Received: 'indigo.9',
  Processing: 'lane.7',
  Error: 'pink.9',
  Failed: 'red.9',
  Complete: 'teal.9',
  Published: 'cyan.9',
};

/** What each status means, for the status's tooltip and the claim page. */
export const CLAIM_STATUS_HINTS: Record<ClaimStatus, string> = {
  New: 'A draft: the notice is not complete yet.',
  Received: 'The notice is complete; no report is attached yet.',
  Processing: 'Waiting for attached reports still being fulfilled.',
  Error: 'An attached report ended in an error.',
  Failed: 'An attached report could not be fulfilled.',
  Complete: 'Every attached report is in; the claim can be published.',
  Published: 'Published as its newest snapshot; unchanged since.',
};

export const CLAIM_KIND_LABELS: Record<ClaimKind, string> = { New: 'New', Update: 'Update' };

export function ClaimStatusBadge({ status, size }: { status: ClaimStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge
      color={CLAIM_STATUS_COLORS[status]}
      variant="filled"
      size={size}
      style={{ minWidth: 'max-content' }}
      leftSection={status === 'Processing' ? <Loader size={10} color="white" aria-hidden /> : undefined}
    >
      {status}
    </Badge>
  );
}

export function ClaimKindBadge({ kind, size }: { kind: ClaimKind; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge color={kind === 'Update' ? 'grape.9' : 'gray.7'} variant="outline" size={size} style={{ minWidth: 'max-content' }}>
      {CLAIM_KIND_LABELS[kind]}
    </Badge>
  );
}
