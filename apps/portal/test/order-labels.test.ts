// One order vocabulary (lib/order-labels.ts): the report an order type produces is named as the
// reports pages name that report type, following the contract's mapping.
import { describe, expect, it } from 'vitest';
import { ORDER_TYPES } from '@clearlane/contract/enums';
import { REPORT_TYPE_OF_ORDER } from '@clearlane/contract/reports';
import { ORDER_TYPE_LABELS, REPORT_LABELS, REPORT_TYPE_LABELS } from '../src/lib/order-labels.ts';

describe('order labels', () => {
  it.each(ORDER_TYPES)('%s names its report as the reports pages do', (type) => {
    expect(REPORT_LABELS[type]).toBe(REPORT_TYPE_LABELS[REPORT_TYPE_OF_ORDER[type]]);
  });

  it('gives every order type its own name', () => {
    const names = ORDER_TYPES.map((type) => ORDER_TYPE_LABELS[type]);
    expect(new Set(names).size).toBe(ORDER_TYPES.length);
  });
});
