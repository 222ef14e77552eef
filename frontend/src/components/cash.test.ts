import { describe, expect, it } from 'vitest';
import { cashAtDoor, cashOf, cashOfParcels } from './cash';

describe('cash at the door', () => {
  it('keeps a refund apart as cash paid out, never collected', () => {
    const figures = cashOfParcels([
      { kind: 'standard', cod_amount: 25000 },
      { kind: 'refund', cod_amount: 12000 },
      { kind: 'exchange', cod_amount: 4990 },
    ]);
    expect(figures).toEqual({ cash_to_collect: 29990, cash_to_pay_out: 12000, net_cash: 17990 });
  });

  it('signs a refund negative and sums nothing to zeros', () => {
    expect(cashAtDoor('refund', 500)).toBe(-500);
    expect(cashAtDoor('standard', 500)).toBe(500);
    expect(cashOf([])).toEqual({ cash_to_collect: 0, cash_to_pay_out: 0, net_cash: 0 });
    expect(cashOf([-300, 0, 100])).toEqual({ cash_to_collect: 100, cash_to_pay_out: 300, net_cash: -200 });
  });
});
