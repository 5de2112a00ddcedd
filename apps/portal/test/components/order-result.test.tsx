// The result cell of the order and report lists: an MVR shows its outcome, a finished vehicle or
// risk report its risk level (in words) and key finding, and only what has no result yet a dash,
// which a screen reader reads as such.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../src/app/theme.ts';
import { OrderResultCell } from '../../src/components/order-result/order-result.tsx';

const renderCell = (node: React.ReactNode) => render(<MantineProvider theme={theme}>{node}</MantineProvider>);

describe('OrderResultCell', () => {
  it('shows a risk report\'s level in words and its key finding', () => {
    renderCell(<OrderResultCell outcome={null} summary={{ riskLevel: 'SEVERE', keyFinding: 'Felony: vehicular assault, convicted' }} />);
    expect(screen.getByText('Severe risk')).toBeInTheDocument();
    expect(screen.getByText('Felony: vehicular assault, convicted')).toHaveAttribute('title', 'Felony: vehicular assault, convicted');
    expect(screen.queryByText('—')).not.toBeInTheDocument();
  });

  it('shows a vehicle report\'s key finding alone (it has no risk level)', () => {
    renderCell(<OrderResultCell outcome={null} summary={{ riskLevel: null, keyFinding: 'Salvage title' }} />);
    expect(screen.getByText('Salvage title')).toBeInTheDocument();
    expect(screen.queryByText(/risk$/)).not.toBeInTheDocument();
  });

  it('shows the outcome it is given, and a dash read as "No result yet" when there is nothing', () => {
    const { unmount } = renderCell(<OrderResultCell outcome={<span>Fail</span>} summary={null} />);
    expect(screen.getByText('Fail')).toBeInTheDocument();
    unmount();
    renderCell(<OrderResultCell outcome={null} summary={null} />);
    expect(screen.getByText('No result yet')).toBeInTheDocument();
    expect(screen.getByText('—')).toHaveAttribute('aria-hidden');
  });
});
