// The rows of the home page's count groups (a bar and a table row each) and the sentence that names
// a chart for screen readers. UI-free, so it is tested alone.

/** One bar and one table row. */
export interface CountRow {
  key: string;
  label: string;
  count: number;
  /** A Mantine colour, the same as the badges of the pages the row links to. */
  color: string;
}

/** The text alternative of a chart: what it counts, then every bar's name and count in its order. */
export function chartSummary(subject: string, rows: readonly Pick<CountRow, 'label' | 'count'>[]): string {
  return `Bar chart of ${subject}: ${rows.map((row) => `${row.label} ${row.count}`).join(', ')}.`;
}
