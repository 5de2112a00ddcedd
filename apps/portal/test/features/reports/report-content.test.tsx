// The report renderer shows each report type's content: an MVR's licence and violations, a
// vehicle's warnings and odometer going back, a risk score as a meter with its value in words.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Report } from '@clearlane/contract/reports';
import { ReportContent } from '../../../src/features/reports/components/report-content.tsx';
import { odometerWithChanges, vehicleWarnings } from '../../../src/features/reports/components/vehicle-content.tsx';
import { renderWithTheme } from '../../render.tsx';

const mvr: Report['content'] = {
  result: 'RECORD_FOUND',
  subject: { firstName: 'Dana', lastName: 'Case', dateOfBirth: '1985-04-23' },
  licence: { number: 'D1234563', state: 'CA', class: 'C', status: 'SUSPENDED', issued: '2023-10-15', expires: '2028-10-13', endorsements: ['T'], restrictions: [] },
  violations: [
    { date: '2022-01-05', convictionDate: null, code: 'S93', description: 'Speeding 11-15 mph over limit', category: 'MOVING', points: 3 },
    { date: '2024-12-23', convictionDate: '2025-02-06', code: 'A21', description: 'Driving under the influence of alcohol', category: 'MAJOR', points: 8 },
  ],
  accidents: [],
  dmvActions: [{ type: 'SUSPENSION', effectiveDate: '2025-02-21', endDate: null, reason: 'DUI conviction' }],
  texasRecordType: 'TYPE_2_THREE_YEAR',
  reportedAt: '2026-11-23T07:46:55.434Z',
  providerReference: 'SBX-CA-1',
};

const vehicle: Report['content'] = {
  result: 'RECORDS_FOUND',
  vin: '1FTFW1E54JFA12344',
  vehicle: { modelYear: 2018, make: 'Ford', model: 'F-150', bodyType: 'Pickup', vehicleType: 'Truck', region: 'United States' },
  titles: [{ date: '2018-11-25', state: 'TX', brand: 'CLEAN' }, { date: '2024-05-07', state: 'OK', brand: 'SALVAGE' }],
  odometer: [
    { date: '2021-10-25', miles: 90000, source: 'Inspection' },
    { date: '2019-10-26', miles: 61000, source: 'Inspection' },
    { date: '2022-10-25', miles: 40000, source: 'Title transfer' },
  ],
  odometerRollbackSuspected: true,
  accidents: [],
  recalls: [{ campaign: '20V123', date: '2020-03-01', component: 'Brakes', summary: 'Brake line may leak', remedied: false }],
  theftRecord: false,
  reportedAt: '2026-11-23T07:47:03.866Z',
  providerReference: 'SBX-VIN-1',
};

describe('ReportContent', () => {
  it('renders an MVR: licence status, newest violation first, points, DMV actions, Texas record type', () => {
    renderWithTheme(<ReportContent report={{ reportType: 'MotorVehicleRecord', content: mvr }} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Driver and licence' })).toBeInTheDocument();
    expect(screen.getByText('Suspended')).toBeInTheDocument();
    expect(screen.getByText('Type 2: 3-year driving record')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Violations' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Driving under the influence of alcohol');
    expect(rows[2]).toHaveTextContent('Speeding 11-15 mph over limit');
    expect(screen.getByText('2 violations, 11 points in total, newest first.')).toBeInTheDocument();
    expect(screen.getByText('No accidents on record.')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'DMV actions' })).getByText('Open-ended')).toBeInTheDocument();
  });

  it('says when the state has no record, without empty tables', () => {
    renderWithTheme(<ReportContent report={{ reportType: 'MotorVehicleRecord', content: { ...mvr, result: 'NO_RECORD_FOUND', licence: null, violations: [], dmvActions: [] } }} />);
    expect(screen.getByText('No record found')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Violations' })).toBeNull();
  });

  it('renders a vehicle report with its warnings and the odometer going back', () => {
    renderWithTheme(<ReportContent report={{ reportType: 'VehicleReport', content: vehicle }} headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Odometer readings' })).toBeInTheDocument();
    expect(screen.getByText('Branded title: Salvage')).toBeInTheDocument();
    expect(screen.getByText('Odometer rollback suspected')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Odometer readings' })).getAllByRole('row');
    expect(rows[3]).toHaveTextContent('Went back');
  });

  it('shows a risk score as a meter whose value is read out in words', () => {
    renderWithTheme(
      <ReportContent
        report={{
          reportType: 'PersonRiskAssessment',
          content: {
            result: 'SUBJECT_FOUND', definitionName: 'standard', subject: { firstName: 'Pat', lastName: 'Risk', dateOfBirth: '1979-03-11', state: 'NY' },
            identityVerified: false, riskScore: 62, riskLevel: 'HIGH',
            findings: [
              { category: 'CIVIL_JUDGMENT', severity: 'MODERATE', date: '2024-12-23', description: 'Small-claims judgment', source: 'County court' },
              { category: 'MISDEMEANOR', severity: 'HIGH', date: '2020-01-01', description: 'Misdemeanour conviction', source: 'State court' },
            ],
            reportedAt: '2026-11-23T07:47:04.315Z', providerReference: 'SBX-IRR-1',
          },
        }}
      />,
    );
    const meter = screen.getByRole('meter', { name: 'Risk score' });
    expect(meter).toHaveAttribute('aria-valuenow', '62');
    expect(meter).toHaveAttribute('aria-valuetext', '62 of 100, high risk');
    expect(screen.getByText('Not verified')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Findings' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Misdemeanor');
  });
});

describe('vehicle helpers', () => {
  it('orders readings by date and gives each the change since the previous one', () => {
    expect(odometerWithChanges((vehicle as { odometer: { date: string; miles: number; source: string }[] }).odometer).map((reading) => [reading.date, reading.change])).toEqual([
      ['2019-10-26', null],
      ['2021-10-25', 29000],
      ['2022-10-25', -50000],
    ]);
  });

  it('has no warnings for a clean history', () => {
    expect(vehicleWarnings({ ...(vehicle as Parameters<typeof vehicleWarnings>[0]), titles: [{ date: '2018-01-01', state: 'TX', brand: 'CLEAN' }], odometerRollbackSuspected: false, recalls: [] })).toEqual([]);
  });
});
