// A refused save is never silent (issue 38): the merchant presses « Enregistrer » on the add-parcel
// form with a wrong phone; the phone field takes the focus, stands in the window below the sticky
// top bar, and the form's live region says what to fix. In Arabic on a phone (390 × 844), where the
// field is far above the button, and in French on a laptop (1366 × 800), where it was hidden under
// the top bar; on the laptop the server's own refusal (a 422 with field messages) too.
import type { Locator, Page } from '@playwright/test';
import { MERCHANT } from './accounts';
import { expect, test } from './fixtures';
import { chooseLanguage, DEMO_SHOP, profileBackToFrench, screenshot, signIn, url } from './helpers';

const RUN = String(Date.now()).slice(-6);

test.describe.configure({ mode: 'serial' });

test.afterAll(async ({ playwright }) => {
  // The merchant's profile is French again for the other specs, whatever happened here.
  await profileBackToFrench(playwright, MERCHANT);
});

/** The add-parcel form, loaded, with the demo shop chosen when the merchant has several. */
async function openForm(page: Page): Promise<Locator> {
  await page.goto(url('/compte/ajouter-de-nouveaux-colis'));
  const form = page.getByTestId('parcel-form');
  await expect(form.locator('input[name="recipient_name"]')).toBeFocused();
  const shop = form.getByTestId('field-shop');
  if ((await shop.count()) > 0) {
    await shop.getByRole('combobox').click();
    await page.getByRole('option', { name: DEMO_SHOP, exact: true }).click();
  }
  return form;
}

/** The label a person reads for `input`, without the required field's asterisk. */
function labelOf(input: Locator): Promise<string> {
  return input.evaluate((element) => {
    const label = (element as HTMLInputElement).labels?.[0]?.cloneNode(true) as HTMLElement | undefined;
    label?.querySelectorAll('.MuiFormLabel-asterisk').forEach((node) => node.remove());
    return (label?.textContent ?? '').trim();
  });
}

/** `input` focused, and its whole field (label, input, message) in the window, below the sticky top bar. */
async function expectFocusedInSight(input: Locator): Promise<void> {
  await expect(input).toBeFocused();
  const place = await input.evaluate((element) => {
    const field = element.closest('.MuiFormControl-root')!.getBoundingClientRect();
    const bar = document.querySelector('[data-testid="top-bar"]')!.getBoundingClientRect();
    return { top: field.top, bottom: field.bottom, barBottom: bar.bottom, height: window.innerHeight };
  });
  expect(place.barBottom, 'the top bar is there').toBeGreaterThan(0);
  expect(place.top, `the field (top ${place.top}) below the top bar (bottom ${place.barBottom})`).toBeGreaterThanOrEqual(place.barBottom);
  expect(place.bottom, `the field (bottom ${place.bottom}) in the window (${place.height})`).toBeLessThanOrEqual(place.height);
}

test('on a laptop in French, a wrong phone, then the server’s 422: the first field in error takes the focus below the top bar', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await signIn(page, MERCHANT);
  const form = await openForm(page);
  await form.locator('input[name="recipient_name"]').fill(`Refus ${RUN}`);
  const phone = form.locator('input[name="recipient_phone"]');
  await phone.fill('12345');
  await form.locator('input[name="address"]').fill('Derb Sultan');
  await form.locator('input[name="cod_amount"]').fill('80');
  await form.locator('input[name="product"]').fill('Babouches');
  const save = form.getByTestId('save');
  await save.scrollIntoViewIfNeeded();
  await save.click();

  await expectFocusedInSight(phone);
  const announcer = form.getByTestId('form-announcer');
  await expect(announcer).toHaveText(/^1 champ à corriger : Téléphone — Numéro de téléphone marocain invalide/);
  await screenshot(page, 'client-add-parcel-refused-fr-laptop');

  // A phone the browser accepts, no city: the server refuses with a message under the city.
  await phone.fill('0612345678');
  await save.scrollIntoViewIfNeeded();
  await save.click();
  const city = form.locator('input[name="city"]');
  await expectFocusedInSight(city);
  await expect(city).toHaveAttribute('aria-invalid', 'true');
  await expect(announcer).toHaveText(/^1 champ à corriger : Ville — /);
});

test('on a phone in Arabic, a wrong phone: the field takes the focus, in sight, and the refusal is said', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, MERCHANT);
  await chooseLanguage(page, 'العربية');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const form = await openForm(page);
  await form.locator('input[name="recipient_name"]').fill(`Refus ${RUN}`);
  const phone = form.locator('input[name="recipient_phone"]');
  await phone.fill('12345');
  await form.locator('input[name="address"]').fill('Derb Sultan');
  await form.locator('input[name="cod_amount"]').fill('80');
  await form.locator('input[name="product"]').fill('Babouches');
  // « Enregistrer », at the bottom of the form: the phone field is far above, out of the window.
  const save = form.getByTestId('save');
  await save.scrollIntoViewIfNeeded();
  await expect(phone).not.toBeInViewport();
  await save.click();

  await expectFocusedInSight(phone);
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  const label = await labelOf(phone);
  expect(label).toBe('الهاتف');
  const announcer = form.getByTestId('form-announcer');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  await expect(announcer).toContainText('حقل واحد يجب تصحيحه');
  await expect(announcer).toContainText(`${label} — `);
  await screenshot(page, 'client-add-parcel-refused-ar-phone');

  // Fixed and sent: no message left to read.
  await phone.fill('0612345678');
  await expect(announcer).toHaveText('');
});
