// Words of the rules pages: a ruleset's version and when it was saved.
const exactTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const integer = new Intl.NumberFormat('en-US');

/** "Version 3"; the seeded default (0) was never saved. */
export const versionLabel = (version: number) => (version === 0 ? 'Seeded default' : `Version ${version}`);

export const exactWhen = (iso: string) => exactTime.format(new Date(iso));

export const savedWhen = (iso: string | null) => (iso ? `saved ${exactWhen(iso)}` : 'never saved: Clearlane’s default rules');

/** "3 orders" */
export const orderCount = (count: number) => `${integer.format(count)} ${count === 1 ? 'order' : 'orders'}`;

/** The ruleset page's heading: focus goes there once a version is saved (the form it was in starts again). */
export const RULESET_HEADING_ID = 'ruleset-heading';
