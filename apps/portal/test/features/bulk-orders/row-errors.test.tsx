// A refused sheet tells how many errors in how many rows, that nothing was ordered and what to do,
// and lists every error in a table the user can sort by row.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RowErrors } from '../../../src/features/bulk-orders/components/row-errors.tsx';
import { fileProblem, formatBytes, rowErrorSummary } from '../../../src/features/bulk-orders/components/format.ts';
import { renderWithTheme } from '../../render.tsx';

const errors = [
  { row: 7, column: 'Licence number', value: '12345678', message: 'California licence numbers are 1 letter and 7 digits (for example D1234567).' },
  { row: 3, column: 'Date of birth', value: '1985-02-30', message: 'is not a real date' },
  { row: 7, column: 'Permissible purpose', value: '', message: 'must be a DPPA permissible purpose' },
];

describe('RowErrors', () => {
  it('sums up, says nothing was placed and lists the errors by row', () => {
    renderWithTheme(<RowErrors fileName="drivers.csv" rowErrors={errors} rowErrorCount={3} />);
    expect(screen.getByRole('heading', { level: 2, name: '3 errors in 2 rows — no orders were placed' })).toBeInTheDocument();
    expect(screen.getByText(/upload the whole sheet again/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Errors in the sheet' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['3', '7', '7']);
    expect(rows[0]).toHaveTextContent('Is not a real date');
    expect(rows[2]).toHaveTextContent('(empty)');
    expect(within(table).getByRole('columnheader', { name: /Row/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('sorts by row the other way on a click of the header', () => {
    renderWithTheme(<RowErrors fileName="drivers.csv" rowErrors={errors} rowErrorCount={3} />);
    const table = screen.getByRole('table', { name: 'Errors in the sheet' });
    fireEvent.click(within(table).getByText('Row'));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['7', '7', '3']);
    expect(within(table).getByRole('columnheader', { name: /Row/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('says when only the first errors are listed', () => {
    renderWithTheme(<RowErrors fileName="drivers.csv" rowErrors={errors} rowErrorCount={1500} />);
    expect(screen.getByRole('heading', { level: 2, name: /1,500 errors in at least 2 rows/ })).toBeInTheDocument();
    expect(screen.getByText('The first 3 of 1,500 errors are listed; upload again after fixing them to see the rest.')).toBeInTheDocument();
  });
});

describe('bulk sheet helpers', () => {
  it('counts errors and rows in words', () => {
    expect(rowErrorSummary(errors.slice(0, 1), 1)).toBe('1 error in 1 row');
    expect(rowErrorSummary(errors, 3)).toBe('3 errors in 2 rows');
  });

  it('refuses files that cannot be a sheet before uploading them', () => {
    const max = 5 * 1024 * 1024;
    expect(fileProblem({ name: 'drivers.CSV', size: 100 }, max)).toBeNull();
    expect(fileProblem({ name: 'drivers.xlsx', size: max }, max)).toBeNull();
    expect(fileProblem({ name: 'drivers.xls', size: 100 }, max)).toMatch(/not an XLSX or CSV file/);
    expect(fileProblem({ name: 'drivers.csv', size: 0 }, max)).toBe('drivers.csv is empty.');
    expect(fileProblem({ name: 'drivers.csv', size: max + 1 }, max)).toMatch(/at most 5 MB/);
  });

  it('writes sizes people read', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
  });
});
