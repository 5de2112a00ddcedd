// The charts of /scores/dot-quality, loaded on their own chunk (React.lazy): the charting library is
// large. The same library and manner as the home page's Driver compliance card: each chart is a
// picture named by one sentence (role="img"), and a table beside it says the same in text.
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import type { CarrierReport } from '@clearlane/contract/dot-scores';
import { BASIC_ORDER, BASIC_SHORT_NAMES, historyLabel } from '../scores.ts';

const BAR_ROW = 44;
const AXIS_WIDTH = 112;

/** Keyboard focus belongs to the tables; the SVG stays out of the tab order, with no hover tooltip repeating the labels. */
const QUIET = { accessibilityLayer: false, textColor: 'gray.7' } as const;

export function BasicsChart({ carrier, summary }: { carrier: CarrierReport; summary: string }) {
  const data = carrier.basics.map((basic) => ({ basic: BASIC_SHORT_NAMES[basic.code], Percentile: basic.percentile, Threshold: basic.threshold }));
  return (
    <div role="img" aria-label={summary}>
      <BarChart
        {...QUIET}
        h={data.length * BAR_ROW + 60}
        data={data}
        dataKey="basic"
        series={[
          { name: 'Percentile', color: 'lane.7' },
          { name: 'Threshold', color: 'gray.5' },
        ]}
        orientation="vertical"
        yAxisProps={{ width: AXIS_WIDTH, interval: 0 }}
        xAxisProps={{ domain: [0, 100], ticks: [0, 25, 50, 75, 100] }}
        gridAxis="x"
        withLegend
        withBarValueLabel
        valueFormatter={(value) => String(Math.round(value))}
        barChartProps={{ margin: { right: 28 } }}
        maxBarWidth={14}
        withTooltip={false}
      />
    </div>
  );
}

export function OutOfServiceChart({ carrier, summary }: { carrier: CarrierReport; summary: string }) {
  const oos = carrier.outOfService!;
  const data = (['driver', 'vehicle', 'hazmat'] as const).map((kind) => ({
    kind: kind[0]!.toUpperCase() + kind.slice(1),
    'This carrier': oos[kind].rate,
    'National average': oos[kind].nationalAverage,
  }));
  return (
    <div role="img" aria-label={summary}>
      <BarChart
        {...QUIET}
        h={3 * BAR_ROW + 60}
        data={data}
        dataKey="kind"
        series={[
          { name: 'This carrier', color: 'lane.7' },
          { name: 'National average', color: 'gray.5' },
        ]}
        orientation="vertical"
        yAxisProps={{ width: 64, interval: 0 }}
        gridAxis="x"
        withLegend
        withBarValueLabel
        valueFormatter={(value) => `${value.toFixed(1)}%`}
        barChartProps={{ margin: { right: 44 } }}
        maxBarWidth={14}
        withTooltip={false}
      />
    </div>
  );
}

const LINE_COLORS = ['red.7', 'orange.7', 'grape.7', 'indigo.7', 'teal.7', 'cyan.8', 'gray.7'];

/** The percentile of each BASIC at each scoring, oldest first; BASICs never sound are left out. */
export function HistoryChart({ carrier, summary }: { carrier: CarrierReport; summary: string }) {
  const codes = BASIC_ORDER.filter((code) => carrier.history.some((entry) => entry.basics.some((basic) => basic.code === code && basic.percentile !== null)));
  const data = carrier.history.map((entry) => ({
    scored: historyLabel(carrier.history, entry.scoredAt),
    // Keyed by code: a name with a dot ("Vehicle maint.") would be read as a path.
    ...Object.fromEntries(codes.map((code) => [code, entry.basics.find((basic) => basic.code === code)?.percentile ?? null])),
  }));
  return (
    <div role="img" aria-label={summary}>
      <LineChart
        {...QUIET}
        h={260}
        data={data}
        dataKey="scored"
        series={codes.map((code, index) => ({ name: code, label: BASIC_SHORT_NAMES[code], color: LINE_COLORS[index % LINE_COLORS.length]! }))}
        yAxisProps={{ domain: [0, 100], ticks: [0, 25, 50, 75, 100], width: 36 }}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        connectNulls
        curveType="linear"
        withTooltip={false}
      />
    </div>
  );
}
