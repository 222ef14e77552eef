// Whose balance a balance piece shows (BalanceChip, BalanceEntries, OwnBalance, the balances
// screens and their settle dialog): a delivery person's, positive when he owes the company, or a
// merchant's account, negative when he owes it. The pieces are the same; the sign and the words differ.
import type { MessageKey } from '../../i18n';
import type { BalanceEntryKind } from './api';

/** The words of one party's balance (message keys of the invoice catalogue). */
export interface BalanceTexts {
  /** A balance at zero (the chip). */
  even: MessageKey;
  /** An entry's kind. */
  kind: Readonly<Record<BalanceEntryKind, MessageKey>>;
  // The admin's screen.
  subtitle: MessageKey;
  tabOwing: MessageKey;
  tabAll: MessageKey;
  search: MessageKey;
  empty: MessageKey;
  /** The column (and drawer) naming whose balance it is. */
  person: MessageKey;
  // The settle dialog.
  settleTitle: MessageKey;
  settleIntroOwes: MessageKey;
  settleIntroOwed: MessageKey;
  payment: MessageKey;
  writeOff: MessageKey;
  reference: MessageKey;
  commentHelp: MessageKey;
  commentRequired: MessageKey;
  /** `{name}`, `{balance}`: the balance after the settlement. */
  settled: MessageKey;
  /** `{name}`: the balance is back to zero (else `settled`). */
  settledEven?: MessageKey;
  // His own card.
  mine: MessageKey;
  mineOwes: MessageKey;
  mineOwed: MessageKey;
  mineEven: MessageKey;
}

export interface BalanceParty {
  id: 'delivery-person' | 'merchant';
  /** The sign of the balance when he owes the company: +1 delivery people, −1 merchants. */
  owingSign: 1 | -1;
  texts: BalanceTexts;
}

/** A delivery person's balance: positive, he owes the company (a shortage); negative, it owes him. */
export const DELIVERY_PERSON_PARTY: BalanceParty = {
  id: 'delivery-person',
  owingSign: 1,
  texts: {
    even: 'invoices.balance.even',
    kind: {
      difference: 'invoices.balance.kind.difference',
      fees: 'invoices.account.kind.fees',
      payment: 'invoices.balance.kind.payment',
      deduction: 'invoices.balance.kind.deduction',
      write_off: 'invoices.balance.kind.write_off',
    },
    subtitle: 'invoices.balance.subtitle',
    tabOwing: 'invoices.balance.tab.owing',
    tabAll: 'invoices.balance.tab.all',
    search: 'invoices.balance.search',
    empty: 'invoices.balance.empty',
    person: 'invoices.balance.column.person',
    settleTitle: 'invoices.balance.settleTitle',
    settleIntroOwes: 'invoices.balance.settleIntroOwes',
    settleIntroOwed: 'invoices.balance.settleIntroOwed',
    payment: 'invoices.balance.payment',
    writeOff: 'invoices.balance.writeOff',
    reference: 'invoices.balance.reference',
    commentHelp: 'invoices.balance.commentHelp',
    commentRequired: 'invoices.balance.commentRequired',
    settled: 'invoices.balance.settled',
    mine: 'invoices.balance.mine',
    mineOwes: 'invoices.balance.mineOwes',
    mineOwed: 'invoices.balance.mineOwed',
    mineEven: 'invoices.balance.mineEven',
  },
};

/**
 * A merchant's account: negative, he owes the company (the fees of his returned-type invoices),
 * taken from his next payout; never above zero in practice.
 */
export const MERCHANT_PARTY: BalanceParty = {
  id: 'merchant',
  owingSign: -1,
  texts: {
    even: 'invoices.account.even',
    kind: {
      difference: 'invoices.balance.kind.difference',
      fees: 'invoices.account.kind.fees',
      payment: 'invoices.account.kind.payment',
      deduction: 'invoices.account.kind.deduction',
      write_off: 'invoices.account.kind.write_off',
    },
    subtitle: 'invoices.account.subtitle',
    tabOwing: 'invoices.account.tab.owing',
    tabAll: 'invoices.account.tab.all',
    search: 'invoices.account.search',
    empty: 'invoices.account.empty',
    person: 'invoices.account.column.merchant',
    settleTitle: 'invoices.account.settleTitle',
    settleIntroOwes: 'invoices.account.settleIntroOwes',
    settleIntroOwed: 'invoices.account.settleIntroOwed',
    payment: 'invoices.account.payment',
    writeOff: 'invoices.account.writeOff',
    reference: 'invoices.account.reference',
    commentHelp: 'invoices.account.commentHelp',
    commentRequired: 'invoices.account.commentRequired',
    settled: 'invoices.account.settled',
    settledEven: 'invoices.account.settledEven',
    mine: 'invoices.account.mine',
    mineOwes: 'invoices.account.mineOwes',
    mineOwed: 'invoices.account.mineOwed',
    mineEven: 'invoices.account.mineEven',
  },
};

/** What he owes the company (positive), or it owes him (negative), whatever the party's sign. */
export function owedBy(party: Pick<BalanceParty, 'owingSign'>, balance: number): number {
  return balance * party.owingSign;
}
