// Failed attempts decided (issue 40), against the real server at phone size (390 × 844): through
// the API the merchant creates two parcels, an admin picks them up and hands them to the demo
// delivery person, who finds nobody at either door (« pas de réponse »). The first recipient opens
// the public tracking page, proves himself with the last four digits of his phone and chooses
// another day: the page shows the parcel « Programmé » on it, and the merchant's « À décider »
// no longer lists it. The merchant decides the second from that screen: another attempt tomorrow.
import type { Page } from '@playwright/test';
import { DELIVERY, MERCHANT } from './accounts';
import { expect, test } from './fixtures';
import { apiClient, menuLinks, parcelsOutWithDemoDeliveryPerson, screenshot, search, signIn, url } from './helpers';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });
test.describe.configure({ mode: 'serial' });

// Unique per run: the test can run again on the same database.
const RUN = String(Date.now()).slice(-6);
const RECIPIENTS = [
  { recipient_name: `Décision ${RUN} Destinataire`, recipient_phone: `06${RUN}41`, cod_amount: 18000 },
  { recipient_name: `Décision ${RUN} Marchand`, recipient_phone: `06${RUN}42`, cod_amount: 9900 },
];
const DECISIONS_PATH = '/compte/colis-a-decider';

/** Tracking codes, in the order of RECIPIENTS. */
let codes: string[] = [];

/** The day `days` after today (`YYYY-MM-DD`, this machine's calendar, as the browser's). */
function dayAhead(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** A parcel as its merchant reads it through the API. */
async function merchantParcel(playwright: Parameters<typeof apiClient>[0], code: string): Promise<Record<string, unknown>> {
  const merchant = await apiClient(playwright, MERCHANT);
  try {
    return (await merchant.send('GET', `/api/parcels/${code}`)).data;
  } finally {
    await merchant.request.dispose();
  }
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test.beforeAll(async ({ playwright }) => {
  codes = await parcelsOutWithDemoDeliveryPerson(playwright, RECIPIENTS);
  const deliveryPerson = await apiClient(playwright, DELIVERY);
  try {
    for (const code of codes) {
      // A failed attempt follows a call from his round (the server refuses it otherwise).
      await deliveryPerson.send('POST', `/api/parcels/${code}/calls`, { started_at: new Date().toISOString() });
      await deliveryPerson.send('POST', '/api/parcels/states', { parcel: code, status: 'no_answer' });
    }
  } finally {
    await deliveryPerson.request.dispose();
  }
});

test('the recipient chooses another day on the public tracking page, with the last 4 digits of his phone', async ({ page, playwright }) => {
  const [code] = codes;
  const day = dayAhead(3);
  await page.goto(url(`/suivi/${code}`));
  const decision = page.getByTestId('recipient-decision');
  await expect(decision).toBeVisible();
  await expect(decision.getByRole('heading', { name: 'La livraison a échoué : choisissez' })).toBeVisible();
  await expect(page.getByTestId('tracking-result').getByTestId('parcel-status')).toHaveAttribute('data-status', 'no_answer');
  await expectNoSidewaysScroll(page);

  // Thumb-sized controls.
  for (const control of [decision.getByTestId('decision-later'), decision.getByTestId('decision-cancel')]) {
    const box = (await control.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(48);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  const digits = decision.getByTestId('decision-digits');
  await expect(digits).toHaveAttribute('inputmode', 'numeric');

  // Wrong digits first: said as an unknown code would be.
  await digits.fill('0000');
  await decision.getByTestId('decision-later').click();
  await decision.getByTestId('decision-date').fill(day);
  await decision.getByTestId('decision-note').fill('Après 18 h, sonner chez le voisin');
  await decision.getByTestId('decision-submit').click();
  await expect(decision.getByTestId('recipient-decision-error')).toHaveText('Code de suivi ou chiffres incorrects.');
  await screenshot(page, 'phone-tracking-decision-wrong-digits');

  await digits.fill(RECIPIENTS[0].recipient_phone.slice(-4));
  await decision.getByTestId('decision-submit').click();
  await expect(page.getByTestId('decision-notice')).toContainText('Merci ! Votre colis sera livré le');
  await expect(decision).toHaveCount(0);
  const result = page.getByTestId('tracking-result');
  await expect(result.getByTestId('parcel-status')).toHaveAttribute('data-status', 'scheduled');
  await expect(result.getByTestId('parcel-status')).toHaveText('Programmé');
  await expect(result.getByTestId('tracking-event').first()).toContainText('Prévu le');
  await expect(result.getByTestId('tracking-event').first()).toContainText(day.slice(0, 4));
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'phone-tracking-decision-done');

  // The server has it: « programmé » on that day.
  const parcel = await merchantParcel(playwright, code);
  expect(parcel.status).toBe('scheduled');
  expect(parcel.postponed_to).toBe(day);

  // Nothing waits for a choice any more: the page no longer offers one.
  await page.reload();
  await expect(page.getByTestId('tracking-result')).toBeVisible();
  await expect(page.getByTestId('recipient-decision')).toHaveCount(0);
});

test('the merchant’s « À décider » no longer lists it; he decides the other one: another attempt tomorrow', async ({ page, playwright }) => {
  const [decidedByRecipient, toDecide] = codes;
  await signIn(page, MERCHANT);
  expect(await menuLinks(page)).toContain(DECISIONS_PATH);
  await page.goto(url(DECISIONS_PATH));
  await expect(page.getByRole('heading', { name: 'À décider' })).toBeVisible();
  await expect(page.locator('main table')).toHaveCount(0);

  await search(page, decidedByRecipient);
  await expect(page.getByTestId('table-empty')).toBeVisible();

  await search(page, `06${RUN}4`);
  const card = page.getByTestId('table-row');
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute('data-key', toDecide);
  await expect(card.getByTestId('decision-outcome')).toContainText('Pas de réponse');
  await expect(card.getByRole('link', { name: new RegExp(RECIPIENTS[1].recipient_phone) })).toHaveAttribute('href', `tel:${RECIPIENTS[1].recipient_phone}`);
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'phone-client-decisions');

  await card.getByRole('button', { name: `Nouvelle tentative ${toDecide}` }).click();
  const dialog = page.getByTestId('decision-reattempt-dialog');
  await expect(dialog.getByTestId('decision-date')).toHaveValue(dayAhead(1));
  await dialog.getByRole('textbox', { name: /Commentaire/ }).fill('Appeler avant de passer');
  await dialog.getByTestId('form-submit').click();
  await expect(page.getByTestId('resource-notice')).toContainText(`Colis ${toDecide} programmé le`);
  await expect(page.getByTestId('table-empty')).toBeVisible();

  const parcel = await merchantParcel(playwright, toDecide);
  expect(parcel.status).toBe('scheduled');
  expect(parcel.postponed_to).toBe(dayAhead(1));
});
