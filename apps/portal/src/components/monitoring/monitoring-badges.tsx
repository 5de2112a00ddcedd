// Badges of driver monitoring, shared by the driver, alert, alerts-list and home pages. Each says its
// value in words (never colour alone).
import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClockExclamation } from '@tabler/icons-react';
import type { AlertSeverity, QualificationStatus } from '@clearlane/contract/monitoring';
import {
  ALERT_SEVERITY_COLORS,
  ALERT_SEVERITY_LABELS,
  escalationLabel,
  ORANGE_ON_WHITE_TEXT,
  QUALIFICATION_COLORS,
  QUALIFICATION_LABELS,
} from '../../lib/monitoring-labels.ts';

const noShrink = { minWidth: 'max-content' } as const;

export function SeverityBadge({ severity }: { severity: AlertSeverity }) {
  return (
    <Badge color={ALERT_SEVERITY_COLORS[severity]} variant="filled" style={noShrink}>
      {ALERT_SEVERITY_LABELS[severity]} severity
    </Badge>
  );
}

/** Open (not yet acknowledged) or acknowledged. */
export function AlertStateBadge({ acknowledged }: { acknowledged: boolean }) {
  return acknowledged ? (
    <Badge color="teal.9" variant="filled" leftSection={<IconCheck size={12} aria-hidden />} style={noShrink}>
      Acknowledged
    </Badge>
  ) : (
    <Badge color="red.9" variant="outline" leftSection={<IconAlertTriangle size={12} aria-hidden />} style={noShrink}>
      Open
    </Badge>
  );
}

/** Shown for an unacknowledged alert that escalated (7, 14, 30 days). */
export function EscalationBadge({ escalatedAfterDays }: { escalatedAfterDays: number }) {
  const label = escalationLabel(escalatedAfterDays);
  if (!label) return null;
  return (
    <Badge color={ORANGE_ON_WHITE_TEXT} variant="filled" leftSection={<IconClockExclamation size={12} aria-hidden />} style={noShrink}>
      {label}
    </Badge>
  );
}

export function QualificationBadge({ status, size = 'md' }: { status: QualificationStatus; size?: 'md' | 'lg' }) {
  return (
    <Badge color={QUALIFICATION_COLORS[status]} variant="filled" size={size} style={noShrink}>
      {QUALIFICATION_LABELS[status]}
    </Badge>
  );
}
