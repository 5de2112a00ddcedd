// Coloured badges that always carry their meaning in words too (colour alone says nothing to a
// screen reader or a colour-blind reader). Shades are the darker ones so white text passes AA.
import { Badge, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCircleDashed, IconQuestionMark, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Outcome } from '@clearlane/contract/orders';
import { OUTCOME_COLORS, OUTCOME_LABELS, RISK_LEVEL_COLORS } from '../../../lib/order-labels.ts';
import { humanize } from './format.ts';

// Mantine's orange-9 gives white text 4.3:1, under AA's 4.5:1; this amber gives 6.5:1.
const AMBER = '#a14000';

// Colours are the orders pages' (lib/order-labels.ts): one outcome looks the same everywhere.
const OUTCOME_ICONS: Record<Outcome, ReactNode> = {
  Pass: <IconCheck size={12} aria-hidden />,
  Fail: <IconX size={12} aria-hidden />,
  Indeterminate: <IconQuestionMark size={12} aria-hidden />,
  NoResults: <IconCircleDashed size={12} aria-hidden />,
  NotFulfilled: <IconAlertTriangle size={12} aria-hidden />,
};

/**
 * The adjudication outcome. An MVR nobody adjudicated says so in plain text; other reports are
 * never adjudicated (`adjudicable` false), so they show a dash read out as "No outcome".
 */
export function OutcomeBadge({ outcome, adjudicable = true }: { outcome: string | null; adjudicable?: boolean }) {
  const known = outcome !== null && Object.hasOwn(OUTCOME_LABELS, outcome) ? (outcome as Outcome) : undefined;
  if (!outcome && !adjudicable) {
    return (
      <Text span fz="sm" c="dimmed">
        <span aria-hidden>—</span>
        <VisuallyHidden>No outcome</VisuallyHidden>
      </Text>
    );
  }
  if (!known) {
    return (
      <Text span fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {outcome ?? 'Not adjudicated'}
      </Text>
    );
  }
  return (
    <Badge color={OUTCOME_COLORS[known]} variant="filled" leftSection={OUTCOME_ICONS[known]} style={{ minWidth: 'max-content' }}>
      {OUTCOME_LABELS[known]}
    </Badge>
  );
}

const LEVEL_COLORS: Record<string, string> = RISK_LEVEL_COLORS;

/** A risk level or finding severity: LOW, MODERATE, HIGH, SEVERE. */
export function RiskLevelBadge({ level, suffix = '' }: { level: string; suffix?: string }) {
  return (
    <Badge color={LEVEL_COLORS[level] ?? 'gray.7'} variant="filled" style={{ minWidth: 'max-content' }}>
      {humanize(level)}
      {suffix}
    </Badge>
  );
}

const LICENCE_STATUS_COLORS: Record<string, string> = { VALID: 'teal.9', EXPIRED: AMBER, SUSPENDED: 'red.9', REVOKED: 'red.9', CANCELLED: 'gray.7' };

export function LicenceStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={LICENCE_STATUS_COLORS[status] ?? 'gray.7'} variant="filled" style={{ minWidth: 'max-content' }}>
      {humanize(status)}
    </Badge>
  );
}

const CATEGORY_COLORS: Record<string, string> = { MAJOR: 'red.9', MOVING: AMBER, NON_MOVING: 'gray.7', ACCIDENT: 'violet.9' };

/** A violation's category as adjudication weighs it. */
export function ViolationCategoryBadge({ category }: { category: string }) {
  return (
    <Badge color={CATEGORY_COLORS[category] ?? 'gray.7'} variant="outline" style={{ minWidth: 'max-content' }}>
      {humanize(category)}
    </Badge>
  );
}

const BRAND_COLORS: Record<string, string> = { CLEAN: 'teal.9', SALVAGE: 'red.9', JUNK: 'red.9', FLOOD: 'violet.9', REBUILT: AMBER, LEMON: AMBER };

export function TitleBrandBadge({ brand }: { brand: string }) {
  return (
    <Badge color={BRAND_COLORS[brand] ?? 'gray.7'} variant="filled" style={{ minWidth: 'max-content' }}>
      {humanize(brand)}
    </Badge>
  );
}
