declare global {
  interface Window {
    /** Optional runtime configuration injected by the server. */
    __COLIVRA__?: { appName?: string };
  }
}

export const DEFAULT_PRODUCT_NAME = 'Colivra';

/** Product display name: window.__COLIVRA__.appName when the page defines it, else "Colivra". */
export function productName(): string {
  const configured = typeof window !== 'undefined' ? window.__COLIVRA__?.appName : undefined;
  return typeof configured === 'string' && configured.trim() ? configured.trim() : DEFAULT_PRODUCT_NAME;
}
