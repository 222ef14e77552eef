// Cash at the customers' doors, as the server computes it (colivra_invoicing::rules::CashFigures):
// a parcel's COD is collected, a refund's is paid out to the customer; the two are kept apart and
// the net is their difference. The server's views carry these figures; this helper is for what
// is not saved yet (an exit voucher being prepared).

/** Cash to collect and to pay out, in centimes, and the net (collect − pay out). */
export interface CashFigures {
  cash_to_collect: number;
  /** Positive: what is paid out for refunds. */
  cash_to_pay_out: number;
  net_cash: number;
}

export const NO_CASH: CashFigures = { cash_to_collect: 0, cash_to_pay_out: 0, net_cash: 0 };

/** The cash a parcel's COD moves at the door: collected, or (a refund) paid out, negative. */
export function cashAtDoor(kind: string, codAmount: number): number {
  return kind === 'refund' ? -codAmount : codAmount;
}

/** The figures of signed amounts of cash at the door. */
export function cashOf(signed: Iterable<number>): CashFigures {
  let collect = 0;
  let payOut = 0;
  for (const amount of signed) {
    if (amount >= 0) collect += amount;
    else payOut -= amount;
  }
  return { cash_to_collect: collect, cash_to_pay_out: payOut, net_cash: collect - payOut };
}

/** The figures of parcels handed to a delivery person. */
export function cashOfParcels(parcels: ReadonlyArray<{ kind: string; cod_amount: number }>): CashFigures {
  return cashOf(parcels.map((parcel) => cashAtDoor(parcel.kind, parcel.cod_amount)));
}
