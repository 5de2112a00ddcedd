// The bars of a count group of the home page (count-group.tsx): one bar per row (an outcome, a
// status, a severity…) in the colours of the list pages' badges. Loaded on its own (React.lazy): the
// charting library is large. The chart is a picture; the table beside it says the same in text and
// holds the links.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { CountRow } from './count-rows.ts';

const BAR_HEIGHT = 30;
const wholeNumber = new Intl.NumberFormat();

export default function CountBarChart({ rows, valueName, summary }: { rows: CountRow[]; valueName: string; summary: string }) {
  const data = rows.map((row) => ({ category: row.label, [valueName]: row.count, color: row.color }));
  return (
    // role="img" with the summary as its name: a screen reader hears one sentence, not the SVG's parts.
    <div role="img" aria-label={summary}>
      <BarChart
        h={rows.length * BAR_HEIGHT + 30}
        data={data}
        dataKey="category"
        series={[{ name: valueName, color: 'lane.7' }]}
        orientation="vertical"
        yAxisProps={{ width: 120, interval: 0 }}
        xAxisProps={{ allowDecimals: false }}
        gridAxis="x"
        withBarValueLabel
        valueFormatter={(value) => wholeNumber.format(value)}
        // Darker than Mantine's dimmed grey, so counts and names read at small size. (Set as a CSS
        // variable: the barLabelColor prop of this version also lands on the DOM element.)
        vars={() => ({ root: { '--chart-bar-label-color': 'var(--mantine-color-gray-8)' } })}
        textColor="gray.7"
        // Room for the count beside the longest bar.
        barChartProps={{ margin: { right: 28 } }}
        maxBarWidth={22}
        // Keyboard focus belongs to the table's links; the SVG stays out of the tab order.
        accessibilityLayer={false}
        // The count stands beside each bar: a hover tooltip would only repeat it.
        withTooltip={false}
      />
    </div>
  );
}
