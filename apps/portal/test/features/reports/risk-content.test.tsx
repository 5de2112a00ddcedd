// A risk report whose subject the provider did not find has no score: only the "not found" notice,
// never the provider's 0 with a green "low risk" badge and "no findings".
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BusinessRiskContent, PersonRiskContent } from '../../../src/features/reports/components/content-types.ts';
import { BusinessRiskReport, PersonRiskReport } from '../../../src/features/reports/components/risk-content.tsx';
import { renderWithTheme } from '../../render.tsx';

const person: PersonRiskContent = {
  result: 'SUBJECT_NOT_FOUND', definitionName: 'standard', subject: { firstName: 'Nora', lastName: 'Nobody', dateOfBirth: '1990-01-02', state: 'OH' },
  identityVerified: false, riskScore: 0, riskLevel: 'LOW', findings: [], reportedAt: '2026-11-23T07:46:55.434Z', providerReference: 'SBX-IRR-1',
};
const business: BusinessRiskContent = {
  result: 'BUSINESS_NOT_FOUND', definitionName: 'standard', business: { name: 'Ghost Freight LLC', ein: '123456789', state: 'TX', dotNumber: null, yearsInBusiness: null },
  riskScore: 0, riskLevel: 'LOW', findings: [], reportedAt: '2026-11-23T07:46:55.434Z', providerReference: 'SBX-BRA-1',
};

function expectNoScore() {
  expect(screen.queryByRole('meter')).toBeNull();
  expect(screen.queryByText(/low risk/i)).toBeNull();
  expect(screen.queryByText(/No findings/)).toBeNull();
  expect(screen.queryByRole('heading', { name: 'Findings' })).toBeNull();
}

describe('a risk report without a subject', () => {
  it('shows a person not found as the notice alone, without a score or risk level', () => {
    renderWithTheme(<PersonRiskReport report={person} level={2} />);
    expect(screen.getByText('Subject not found')).toBeInTheDocument();
    expect(screen.getByText(/No records matched Nora Nobody/)).toHaveTextContent('so there is no risk score');
    expectNoScore();
  });

  it('shows a business not found as the notice alone, without a score or risk level', () => {
    renderWithTheme(<BusinessRiskReport report={business} level={2} />);
    expect(screen.getByText('Business not found')).toBeInTheDocument();
    expect(screen.getByText(/No records matched Ghost Freight LLC \(EIN 12-3456789\)/)).toBeInTheDocument();
    expectNoScore();
  });

  it('still shows the score of a subject that was found', () => {
    renderWithTheme(<PersonRiskReport report={{ ...person, result: 'SUBJECT_FOUND' }} level={2} />);
    expect(screen.getByRole('meter', { name: 'Risk score' })).toHaveAttribute('aria-valuetext', '0 of 100, low risk');
    expect(screen.getByText('No findings: nothing on record raised the score.')).toBeInTheDocument();
  });
});
