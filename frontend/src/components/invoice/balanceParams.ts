// Query parameters of the balances screens (/compte/ecarts-livreurs, /compte/comptes-marchands),
// kept apart from the screens so the dashboard, the delivery people list and the invoices link to
// them without loading their chunk.

/** `?owing=true`: those who owe (the default); `false`: everyone. */
export const OWING_PARAM = 'owing';
/** `?livreur=KEY`: one delivery person's entries open. */
export const PERSON_PARAM = 'livreur';
/** `?marchand=KEY`: one merchant's account open. */
export const MERCHANT_PARAM = 'marchand';

/** The address of one merchant's account on the accounts screen (whatever he owes). */
export function merchantAccountHref(screenPath: string, merchantKey: string): string {
  return `${screenPath}?${OWING_PARAM}=false&${MERCHANT_PARAM}=${encodeURIComponent(merchantKey)}`;
}
