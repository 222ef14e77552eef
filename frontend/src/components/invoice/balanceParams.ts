// Query parameters of the balances screen (/compte/ecarts-livreurs), kept apart from the screen
// so the dashboard and the delivery people list link to it without loading its chunk.

/** `?owing=true`: those who owe (the default); `false`: everyone. */
export const OWING_PARAM = 'owing';
/** `?livreur=KEY`: one delivery person's entries open. */
export const PERSON_PARAM = 'livreur';
