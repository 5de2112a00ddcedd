// The risk order forms choose the assessment definition from GET /risk-definitions (by order type);
// a value the list lacks (an order being placed again) stays shown rather than being replaced.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DefinitionField } from '../../../../src/features/orders/place/components/risk-definition-field.tsx';
import { manager, renderAs } from '../../drivers/monitoring-harness.tsx';

const definitions = [
  { name: 'standard', label: 'Standard assessment', source: 'offered' },
  { name: 'fleet v2', label: 'fleet v2', source: 'used' },
];

function Field({ initial, onValue }: { initial: string; onValue?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DefinitionField
      type="PERSON_RISK_ASSESSMENT"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

describe('the assessment definition field', { timeout: 20_000 }, () => {
  it('offers the definitions of the order type and sends the chosen name', async () => {
    const chosen: string[] = [];
    const { sent } = renderAs(manager, () => <Field initial="standard" onValue={(value) => chosen.push(value)} />, { 'GET /api/v1/risk-definitions': () => definitions });
    const field = await screen.findByRole('combobox', { name: 'Assessment definition' }, { timeout: 10_000 });
    await waitFor(() => expect(field).toHaveValue('Standard assessment (standard)'));
    expect(sent.find((request) => request.path === '/api/v1/risk-definitions')?.search).toBe('?type=PERSON_RISK_ASSESSMENT');
    await userEvent.click(field);
    await userEvent.click(await screen.findByRole('option', { name: 'fleet v2 (used before)', hidden: true }));
    expect(chosen).toEqual(['fleet v2']);
  });

  it('keeps a definition the list does not hold', async () => {
    renderAs(manager, () => <Field initial="deep" />, { 'GET /api/v1/risk-definitions': () => definitions });
    const field = await screen.findByRole('combobox', { name: 'Assessment definition' }, { timeout: 10_000 });
    await waitFor(() => expect(field).toHaveValue('deep (not listed)'));
  });
});
