// The two balances the balances screen lists: the delivery people's (/compte/ecarts-livreurs) and
// the merchants' accounts (/compte/comptes-marchands). One screen, one drawer, one settle dialog;
// each source brings its API hooks, its query parameter and its party (sign and words).
import type { ListResult } from '../../components/table/DataTable';
import type { ListArgs } from '../../components/table/useListState';
import {
  useGetDeliveryPersonBalanceQuery,
  useGetMerchantBalanceQuery,
  useListDeliveryPersonBalancesQuery,
  useListMerchantBalancesQuery,
  useSettleDeliveryPersonBalanceMutation,
  useSettleMerchantBalanceMutation,
  type BalanceEntry,
  type SettlementBody,
} from '../../components/invoice/api';
import { DELIVERY_PERSON_PARTY, MERCHANT_PARTY, type BalanceParty } from '../../components/invoice/balanceParty';
import { MERCHANT_PARAM, PERSON_PARAM } from '../../components/invoice/balanceParams';

/** Whose balance it is. */
export interface BalanceHolder {
  key: string;
  full_name: string;
  /** A merchant's company. */
  company?: string | null;
  phone: string | null;
}

/** A row of the list. */
export interface BalanceRowView extends BalanceHolder {
  balance: number;
}

/** One balance opened in the drawer. */
export interface BalanceView {
  holder: BalanceHolder;
  balance: number;
  entries: readonly BalanceEntry[];
  /** A delivery person's drafts carrying his balance now. */
  carriedOn: ReadonlyArray<{ invoice: string; amount: number }>;
}

export interface BalanceQuery {
  view: BalanceView | undefined;
  isLoading: boolean;
  isError: boolean;
}

export interface BalanceSource {
  party: BalanceParty;
  /** The query parameter opening one balance (`?livreur=KEY`, `?marchand=KEY`). */
  param: string;
  useList: (args: ListArgs) => ListResult<BalanceRowView>;
  useBalance: (key: string) => BalanceQuery;
  /** Posts a settlement; resolves with the balance after it, throws the failed call's error. */
  useSettle: () => (key: string, body: SettlementBody) => Promise<number>;
}

export const COURIER_SOURCE: BalanceSource = {
  party: DELIVERY_PERSON_PARTY,
  param: PERSON_PARAM,
  useList: (args) => useListDeliveryPersonBalancesQuery(args),
  useBalance: (key) => {
    const query = useGetDeliveryPersonBalanceQuery(key);
    const balance = query.data?.data;
    return {
      view: balance && { holder: balance.delivery_admin, balance: balance.balance, entries: balance.entries, carriedOn: balance.carried_on },
      isLoading: query.isLoading,
      isError: query.isError,
    };
  },
  useSettle: () => {
    const [settle] = useSettleDeliveryPersonBalanceMutation();
    return (key, body) =>
      settle({ key, body })
        .unwrap()
        .then((result) => result.data.balance);
  },
};

export const MERCHANT_SOURCE: BalanceSource = {
  party: MERCHANT_PARTY,
  param: MERCHANT_PARAM,
  useList: (args) => useListMerchantBalancesQuery(args),
  useBalance: (key) => {
    const query = useGetMerchantBalanceQuery(key);
    const account = query.data?.data;
    return {
      view: account && { holder: account.client, balance: account.balance, entries: account.entries, carriedOn: [] },
      isLoading: query.isLoading,
      isError: query.isError,
    };
  },
  useSettle: () => {
    const [settle] = useSettleMerchantBalanceMutation();
    return (key, body) =>
      settle({ key, body })
        .unwrap()
        .then((result) => result.data.balance);
  },
};
