// Printing: a document the server renders as a PDF (labels, vouchers) opens in a pop-up window
// of 1000 by 600 (specification, "PDF"), on its own URL: the cookie session authenticates it.

/** Opens a PDF URL in the 1000×600 pop-up; null when the browser blocked the window. */
export function openPdf(url: string, windowName = 'colivra-pdf'): Window | null {
  const popup = window.open(url, windowName, 'width=1000,height=600');
  if (!popup) console.warn(`The PDF window was blocked by the browser: ${url}`);
  return popup;
}
