// The live policy checklist ticks each rule of the configured policy as the password meets it.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordChecklist, policyRules } from '../../src/components/identity/password-checklist.tsx';
import { renderWithTheme } from '../render.tsx';

const strict = { minLength: 10, requireLowercase: true, requireUppercase: true, requireNumbers: true, requireSymbols: true };

describe('PasswordChecklist', () => {
  it('lists every rule of the policy', () => {
    expect(policyRules(strict)).toEqual(['at least 10 characters', 'a lowercase letter', 'an uppercase letter', 'a number', 'a symbol']);
    expect(policyRules({ ...strict, minLength: 6, requireSymbols: false, requireNumbers: false, requireUppercase: false, requireLowercase: false })).toEqual([
      'at least 6 characters',
    ]);
  });

  it('marks met and unmet rules for screen readers too', () => {
    renderWithTheme(<PasswordChecklist password="abcDEF" policy={strict} />);
    expect(screen.getByText('A lowercase letter').parentElement).toHaveTextContent('(done)');
    expect(screen.getByText('An uppercase letter').parentElement).toHaveTextContent('(done)');
    expect(screen.getByText('A number').parentElement).toHaveTextContent('(not yet)');
    expect(screen.getByText('At least 10 characters').parentElement).toHaveTextContent('(not yet)');
  });
});
