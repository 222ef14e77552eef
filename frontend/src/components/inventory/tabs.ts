/** The address parameter naming the open tab of the stock screen (`?onglet=entries`). */
export const STOCK_TAB_PARAM = 'onglet';
