// Badges of driver monitoring, shared by the driver, alert, alerts-list and home pages. Each says its
// value in words (never colour alone).
import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClockExclamation } from '@tabler/icons-react';
import type { AlertSeverity, QualificationStatus } from '@clearlane/contract/monitoring';
import { escalationLabel, QUALIFICATION_COLORS, QUALIFICATION_LABELS, SEVERITY_COLORS, SEVERITY_LABELS, WARNING_ORANGE } from '../../lib/monitoring-labels.ts';

const noShrink = { minWidth: 'max-content' } as const;

export function SeverityBadge({ severity }: { severity: AlertSeverity }) {
  return (
    <Badge color={SEVERITY_COLORS[severity]} variant="filled" style={noShrink}>
      {SEVERITY_LABELS[severity]} severity
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
    <Badge color={WARNING_ORANGE} variant="filled" leftSection={<IconClockExclamation size={12} aria-hidden />} style={noShrink}>
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
