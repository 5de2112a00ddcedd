// The monitoring settings dialog of the alerts page: loads the company's settings, saves them, puts the
// server's 400 on the field it names, and shows them read-only to a Viewer.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MonitoringSettingsModal, REORDER_LABEL } from '../../../src/features/alerts-list/components/monitoring-settings-modal.tsx';
import { manager, renderAs, viewer } from '../drivers/monitoring-harness.tsx';

const PATH = '/api/v1/company/me/monitoring-settings';
const RULESETS = '/api/v1/rulesets';
const LISTED = [
  { namespace: 'default', name: 'Default fleet rules', ruleCount: 3, isDefault: true, updatedAt: null },
  { namespace: 'strict', name: 'Strict fleet rules', ruleCount: 2, isDefault: false, updatedAt: '2025-05-01T10:00:00Z' },
];
const noop = () => {};

describe('the monitoring settings dialog', { timeout: 60_000 }, () => {
  it('loads the settings and saves a change, the ruleset chosen from the company\'s list', async () => {
    const { sent } = renderAs(manager, () => <MonitoringSettingsModal opened onClose={noop} />, {
      [`GET ${PATH}`]: () => ({ reorderMvrOnChange: false, ruleNamespace: null }),
      [`PUT ${PATH}`]: (body) => body,
      [`GET ${RULESETS}`]: () => LISTED,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Monitoring settings' });
    const reorder = await within(dialog).findByRole('switch', { name: REORDER_LABEL });
    expect(reorder).not.toBeChecked();
    const ruleset = within(dialog).getByRole('combobox', { name: 'Ruleset' });
    await waitFor(() => expect(ruleset).toHaveValue('Company default'));

    await userEvent.click(reorder);
    await userEvent.click(ruleset);
    await userEvent.click(await screen.findByRole('option', { name: 'Strict fleet rules (strict, 2 rules)', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({ reorderMvrOnChange: true, ruleNamespace: 'strict' }));
  });

  it('keeps a saved ruleset the list no longer has, sends null for the company default, and shows a 400 on the ruleset field', async () => {
    const { sent } = renderAs(manager, () => <MonitoringSettingsModal opened onClose={noop} />, {
      [`GET ${PATH}`]: () => ({ reorderMvrOnChange: true, ruleNamespace: 'gone' }),
      [`GET ${RULESETS}`]: () => LISTED,
      [`PUT ${PATH}`]: () =>
        Response.json(
          { status: 400, code: 'InvalidInput', title: 'Bad Request', detail: 'Invalid input', errors: [{ path: 'body.ruleNamespace', message: 'is not one of your company\'s rulesets ("x")' }] },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    const ruleset = await screen.findByRole('combobox', { name: 'Ruleset' });
    expect(screen.getByRole('switch', { name: REORDER_LABEL })).toBeChecked();
    await waitFor(() => expect(ruleset).toHaveValue('gone (not found)'));
    await userEvent.click(ruleset);
    await userEvent.click(await screen.findByRole('option', { name: 'Company default', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(ruleset).toHaveAccessibleDescription(expect.stringContaining('The ruleset is not one of your company\'s rulesets ("x")')));
    expect(ruleset).toHaveAttribute('aria-invalid', 'true');
    expect(sent.find((request) => request.method === 'PUT')?.body).toEqual({ reorderMvrOnChange: true, ruleNamespace: null });
  });

  it('shows a Viewer the settings without a way to change them', async () => {
    const { sent } = renderAs(viewer, () => <MonitoringSettingsModal opened onClose={noop} />, {
      [`GET ${PATH}`]: () => ({ reorderMvrOnChange: true, ruleNamespace: null }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Monitoring settings' });
    await within(dialog).findByText('Only a Company Admin or a Manager can change these settings.');
    expect(dialog).toHaveTextContent(`${REORDER_LABEL}On`);
    expect(dialog).toHaveTextContent('RulesetCompany default');
    expect(within(dialog).queryByRole('switch')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Save settings' })).toBeNull();
    expect(sent.every((request) => request.method === 'GET')).toBe(true);
  });
});
