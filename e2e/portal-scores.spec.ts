// DOT quality scores (issue 12): a Manager adds three DOT numbers on /scores (a bad one is named
// under the field first), they are scored at once; the passenger carrier (sandbox: last digit 2)
// shows an alert in Unsafe Driving on /scores, and /scores/dot-quality explains it against the
// passenger threshold, says whose each figure is, and exports the CSV. Three carriers compared side
// by side; one removed; one marked as the company's own carrier with a label. A Viewer reads both
// pages but cannot add, rescore, edit or remove (nor can the API).
// Axe on both pages; screenshots at 1440 and 390 px wide.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO_USERS, expect, signInApi, tenantUrl, test } from './fixtures.ts';
import { expectAccessible, signInUi, snap } from './support/portal.ts';

// Numbers no other run uses: a 6-digit stem and the sandbox's last digit (README's table).
const stem = String(Date.now()).slice(-6);
const ALERTING = `${stem}2`; // passenger carrier, Unsafe Driving over FMCSA's threshold
const CLEAN = `${stem}0`; // clean property carrier
const THIN = `${stem}8`; // 2 inspections: every BASIC insufficient data

const WIDTHS = [
  [1440, 900],
  [390, 844],
] as const;

async function snapAtWidths(page: Page, name: string) {
  for (const [width, height] of WIDTHS) {
    await page.setViewportSize({ width, height });
    await snap(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: WIDTHS[0][0], height: WIDTHS[0][1] });
}

const row = (page: Page, dotNumber: string) => page.getByRole('table', { name: /^Carriers/ }).getByRole('row').filter({ hasText: `USDOT ${dotNumber}` });

test.describe.serial('DOT quality scores', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a Manager adds three carriers, sees the alert, its explanation, compares them and exports the CSV', async ({ page }) => {
    await signInUi(page, DEMO_USERS.manager);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Scores' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'DOT scores' })).toBeVisible();

    const field = page.getByRole('textbox', { name: 'DOT numbers' });
    await field.fill(`${ALERTING}, 12a4`);
    await page.getByRole('button', { name: 'Add and score' }).click();
    await expect(field).toHaveAccessibleDescription(/"12a4" is not a USDOT number: it has 1 to 8 digits\./);

    await field.fill(`${ALERTING}, ${CLEAN}\n${THIN}`);
    await page.getByRole('button', { name: 'Add and score' }).click();
    await expect(page.getByText('3 DOT numbers scored.')).toBeVisible({ timeout: 30_000 });
    await expect(field).toHaveValue('');

    // The passenger carrier alerts in Unsafe Driving, said in words (not colour alone).
    await expect(row(page, ALERTING)).toContainText(/Unsafe Driving: alert, \d+(st|nd|rd|th) percentile, threshold 50/);
    await expect(row(page, THIN)).toContainText('Unsafe Driving: insufficient data.');
    await expect(row(page, CLEAN)).toContainText('Clearlane sandbox data as of');
    await expectAccessible(page);
    await snapAtWidths(page, 'scores-overview');

    // Its page explains the alert and says whose each figure is.
    await row(page, ALERTING).getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/scores/dot-quality\\?dot=.*${ALERTING}`));
    const explanation = page.getByText(/^Unsafe Driving: \d+(st|nd|rd|th) percentile ≥ threshold 50% for passenger carriers: FMCSA's intervention threshold\.$/);
    await expect(explanation).toBeVisible();
    const basics = page.getByRole('table', { name: /^BASICs of / });
    await expect(basics.getByRole('row', { name: /^Unsafe Driving/ })).toContainText(/FMCSA · Clearlane sandbox · as of/);
    await expect(page.getByRole('img', { name: /^Percentile and intervention threshold of each BASIC/ })).toBeVisible();
    await expect(page.getByRole('table', { name: /^Out-of-service inspections/ })).toBeVisible();
    await expectAccessible(page);
    await snapAtWidths(page, 'scores-carrier');

    // The CSV of the carrier shown.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(csv.suggestedFilename()).toBe('dot-quality-report.csv');
    const text = readFileSync((await csv.path())!, 'utf8');
    expect(text).toContain(ALERTING);
    expect(text).not.toContain(CLEAN);

    // The three side by side; the thin one says why it has no percentiles.
    await page.goto(tenantUrl('acme', `/scores/dot-quality?dot=${ALERTING},${CLEAN},${THIN}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Comparing 3 carriers' })).toBeVisible();
    const side = page.getByRole('table', { name: 'Side by side' });
    await expect(side.getByRole('row', { name: /^Unsafe Driving/ })).toContainText(/Unsafe Driving: alert/);
    await expect(page.getByText(/^Insufficient data: /).first()).toBeVisible();
    await expectAccessible(page);
    await snapAtWidths(page, 'scores-compare');

    // The thin one is removed from the list.
    await page.getByRole('link', { name: 'All carriers' }).click();
    await row(page, THIN).getByRole('button', { name: /^Remove/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText(`USDOT ${THIN} removed from the list.`)).toBeVisible();
    await expect(row(page, THIN)).toHaveCount(0);

    // The clean one is the company's own carrier, with a label of its own.
    await row(page, CLEAN).getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog', { name: `Edit USDOT ${CLEAN}` });
    await edit.getByRole('radio', { name: /^Own carrier/ }).check();
    await edit.getByRole('textbox', { name: /^Label/ }).fill('Linehaul, Midwest');
    await expectAccessible(page);
    await snap(page, 'scores-edit-dot-1440');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`USDOT ${CLEAN} is now your own carrier, labelled "Linehaul, Midwest".`)).toBeVisible();
    await expect(row(page, CLEAN)).toContainText('Own carrier · Linehaul, Midwest');
    // On a phone the card has the same edit, showing what was saved.
    await page.setViewportSize({ width: WIDTHS[1][0], height: WIDTHS[1][1] });
    await page.getByRole('listitem').filter({ hasText: `USDOT ${CLEAN}` }).getByRole('button', { name: /^Edit/ }).click();
    await expect(edit.getByRole('textbox', { name: /^Label/ })).toHaveValue('Linehaul, Midwest');
    await snap(page, 'scores-edit-dot-390');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: WIDTHS[0][0], height: WIDTHS[0][1] });
  });

  test('a Viewer reads the scores but cannot add, rescore or remove', async ({ page, request }) => {
    await signInUi(page, DEMO_USERS.viewer);
    await page.goto(tenantUrl('acme', '/scores'));
    await expect(row(page, ALERTING)).toContainText(/Unsafe Driving: alert/);
    await expect(page.getByRole('textbox', { name: 'DOT numbers' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Rescore all' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
    await expectAccessible(page);

    await page.goto(tenantUrl('acme', `/scores/dot-quality?dot=${ALERTING}`));
    await expect(page.getByText(/^Unsafe Driving: \d+(st|nd|rd|th) percentile ≥ threshold 50%/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rescore' })).toHaveCount(0);

    // The server agrees.
    const { idToken } = await signInApi(request, DEMO_USERS.viewer);
    const headers = { authorization: `Bearer ${idToken}` };
    expect((await request.post('/api/v1/scores/dot/quality', { headers, data: [CLEAN] })).status()).toBe(403);
    expect((await request.delete(`/api/v1/dots/${CLEAN}`, { headers })).status()).toBe(403);
    expect((await request.post('/api/v1/dots', { headers, data: { dotNumber: CLEAN, relationship: 'WATCHED', label: null } })).status()).toBe(403);
  });
});
