// Small pieces both DOT score pages show: a BASIC's traffic light (icon, word and figure, never
// colour alone, with the whole state as its accessible text), the trend arrow, whose figure it is,
// and the list of what changed between scorings.
import { Alert, Anchor, Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconArrowDownRight, IconArrowUpRight, IconCircleCheck, IconCircleDashed, IconExclamationCircle, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { BasicScore, FigureSource } from '@clearlane/contract/dot-scores';
import { dotSearchOf } from '../dot-quality-search.ts';
import {
  basicInWords, formatDateTime, isAlarming, LIGHT_COLORS, LIGHT_LABELS, lightOf, sourceText, type CompanyChange, type Light, type Trend,
} from '../scores.ts';

const LIGHT_ICONS: Record<Light, typeof IconAlertTriangle> = { ALERT: IconAlertTriangle, NEAR: IconExclamationCircle, OK: IconCircleCheck, NO_DATA: IconCircleDashed };

/** The light as a badge: icon and word ("Alert"), the percentile beside it. */
export function LightBadge({ light, percentile }: { light: Light; percentile?: number | null }) {
  const Icon = LIGHT_ICONS[light];
  return (
    <Badge
      color={LIGHT_COLORS[light]}
      variant={light === 'NO_DATA' ? 'outline' : 'filled'}
      radius="sm"
      leftSection={<Icon size={14} aria-hidden />}
      style={{ minWidth: 'max-content' }}
      c={light === 'NO_DATA' ? 'gray.8' : undefined}
    >
      {light === 'NO_DATA' ? 'No data' : light === 'NEAR' ? 'Near' : LIGHT_LABELS[light]}
      {percentile !== null && percentile !== undefined && ` ${Math.round(percentile)}`}
    </Badge>
  );
}

/** The change of a percentile since the last score: an arrow and the points (up is worse). */
export function TrendMark({ trend }: { trend: Trend | null }) {
  // Unchanged says nothing worth the room; the accessible text still says "unchanged".
  if (!trend || trend.delta === 0) return null;
  const Icon = trend.delta > 0 ? IconArrowUpRight : IconArrowDownRight;
  return (
    <Group gap={2} wrap="nowrap" c={trend.delta > 0 ? 'red.9' : 'teal.9'} aria-hidden>
      <Icon size={14} />
      <Text span fz="xs" fw={600}>
        {trend.delta > 0 ? `+${trend.delta}` : `−${Math.abs(trend.delta)}`}
      </Text>
    </Group>
  );
}

/** A BASIC's light with its trend; a screen reader hears the state in one sentence. */
export function BasicLight({ basic, trend }: { basic: BasicScore; trend: Trend | null }) {
  const light = lightOf(basic);
  return (
    <Group gap={6} wrap="nowrap" title={basic.insufficientDataReason ?? undefined}>
      <Group gap={6} wrap="nowrap" aria-hidden>
        <LightBadge light={light} percentile={basic.percentile} />
        <TrendMark trend={trend} />
      </Group>
      <VisuallyHidden>{basicInWords(basic, trend)}</VisuallyHidden>
    </Group>
  );
}

/** "FMCSA · Clearlane sandbox · as of Nov 24, 2026" under a figure. */
export function SourceNote({ source, prefix }: { source: FigureSource | null | undefined; prefix?: string }) {
  if (!source) return null;
  return (
    <Text fz="xs" c="dimmed">
      {prefix}
      {sourceText(source)}
      {source.method && ` — ${source.method}`}
    </Text>
  );
}

/** What changed between scorings, newest first: what, before → after, when, and (on the overview) which carrier. */
export function ChangesList({ changes, withCarrier, labelledBy }: { changes: CompanyChange[]; withCarrier: boolean; labelledBy: string }) {
  return (
    <Stack gap={0} component="ul" m={0} p={0} aria-labelledby={labelledBy} style={{ listStyle: 'none' }}>
      {changes.map((change) => {
        const alarming = isAlarming(change.kind);
        const Icon = alarming ? IconAlertTriangle : IconRosetteDiscountCheck;
        return (
          <Group key={change.id} component="li" gap="sm" wrap="nowrap" align="flex-start" py={8} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Icon size={20} color={`var(--mantine-color-${alarming ? 'red-8' : 'teal-8'})`} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fz="sm" fw={600}>
                <VisuallyHidden>{alarming ? 'Worse: ' : 'Better: '}</VisuallyHidden>
                {withCarrier && (
                  <>
                    <Anchor fz="sm" fw={600} renderRoot={(props) => <Link {...props} to="/scores/dot-quality" search={dotSearchOf([change.dotNumber])} />}>
                      {change.carrierName}
                    </Anchor>
                    {': '}
                  </>
                )}
                {change.title}
              </Text>
              {(change.before || change.after) && (
                <Text fz="xs" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
                  {change.before ?? '—'} → {change.after ?? '—'}
                </Text>
              )}
              <Text fz="xs" c="dimmed">
                USDOT {change.dotNumber} · found <time dateTime={change.detectedAt}>{formatDateTime(change.detectedAt)}</time>
              </Text>
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}

/** The report could not be loaded: the problem's words and "Try again". */
export function LoadError({ title, error, retry }: { title: string; error: Error; retry: () => unknown }) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />} title={title}>
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{error.message}</Text>
        <Button size="xs" variant="light" color="red" onClick={() => void retry()}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
