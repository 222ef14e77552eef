// Parcels against the real server: a merchant creates one by the form and twenty by a file,
// finds one by phone, prints labels (the PDF holds the tracking codes), cancels one and reads
// its history; the admin sees them; the public tracking page answers without signing in.
import type { Page } from '@playwright/test';
import { ADMIN, MERCHANT, DELIVERY } from './accounts';
import { expect, test } from './fixtures';
import { chooseDemoShop, screenshot, search, signIn, url } from './helpers';
import { pdfText } from './pdf';

// Unique per run: the tests can run again on the same database.
const RUN = String(Date.now()).slice(-6);
const FORM_RECIPIENT = `Amina Benali ${RUN}`;
const IMPORTED = 20;
/** A valid Moroccan mobile number per imported line: 06 + the run + the line. */
const phoneOf = (index: number) => `06${RUN}${String(index).padStart(2, '0')}`;
const HEADER =
  'boutique;reference;destinataire;telephone;telephone_2;ville;adresse;montant;produit;quantite;note;ouvrable;essayable;fragile;type;colis_origine;article_a_recuperer';

function importFile(): Buffer {
  const lines = [HEADER];
  for (let index = 1; index <= IMPORTED; index += 1) {
    lines.push(
      [
        '',
        `CMD-${RUN}-${index}`,
        `Client Import ${RUN} ${index}`,
        phoneOf(index),
        '',
        'Casablanca',
        `${index} boulevard Zerktouni`,
        `${100 + index},00`,
        'Coffret de thé',
        '1',
        '',
        'oui',
        'non',
        index % 2 ? 'non' : 'oui',
        'standard',
        '',
        '',
      ].join(';'),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

let formCode = '';
let importedCodes: string[] = [];

async function chooseShop(page: Page): Promise<void> {
  await chooseDemoShop(page, page.getByTestId('import-panel').or(page.getByTestId('parcel-form')));
}

test.describe.configure({ mode: 'serial' });

test('a merchant creates a parcel with the keyboard-only form', async ({ page }) => {
  await signIn(page, MERCHANT);
  await page.goto(url('/compte/ajouter-de-nouveaux-colis'));
  const form = page.getByTestId('parcel-form');
  await expect(form.locator('input[name="recipient_name"]')).toBeFocused();
  await chooseShop(page);
  await form.locator('input[name="recipient_name"]').focus();
  await page.keyboard.type(FORM_RECIPIENT);
  await form.locator('input[name="recipient_phone"]').fill('0612345678');
  await form.locator('input[name="city"]').fill('Casa');
  await expect(page.getByRole('option', { name: 'Casablanca' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(form.locator('input[name="city"]')).toHaveValue('Casablanca');
  await form.locator('input[name="address"]').fill('12 rue des Orangers, Maarif');
  await form.locator('input[name="cod_amount"]').fill('249,50');
  await form.locator('input[name="product"]').fill("Robe d'été taille M");
  await form.locator('input[name="product"]').press('Enter');

  const created = page.getByTestId('parcel-created');
  await expect(created).toContainText('Colis ');
  formCode = (/Colis ([A-Z0-9]+) créé/.exec((await created.textContent()) ?? '') ?? [])[1] ?? '';
  expect(formCode).toMatch(/^[A-Z0-9]{6,}$/);
  // Ready for the next one: same city, name field empty and focused.
  await expect(form.locator('input[name="recipient_name"]')).toBeFocused();
  await expect(form.locator('input[name="recipient_name"]')).toHaveValue('');
  await expect(form.locator('input[name="city"]')).toHaveValue('Casablanca');

  // A wrong phone: the server's message under the field.
  await page.keyboard.type(`Mauvais numéro ${RUN}`);
  await form.locator('input[name="recipient_phone"]').fill('12345');
  await form.locator('input[name="address"]').fill('Derb Sultan');
  await form.locator('input[name="cod_amount"]').fill('80');
  await form.locator('input[name="product"]').fill('Babouches');
  await form.locator('input[name="product"]').press('Enter');
  await expect(form.locator('input[name="recipient_phone"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('field-recipient_phone')).not.toHaveText('');
  await screenshot(page, 'client-add-parcel');
});

test('a merchant imports twenty parcels from a CSV file, checked before anything is created', async ({ page }) => {
  await signIn(page, MERCHANT);
  await page.goto(url('/compte/ajouter-de-nouveaux-colis'));
  await page.getByTestId('tab-import').click();
  // The template the server hands out has the header the file uses.
  const template = await page.request.get(url('/api/parcels/import/template'));
  expect(template.status()).toBe(200);
  expect((await template.text()).replace(/^\uFEFF/, '')).toContain(HEADER);

  await chooseShop(page);
  await page.getByTestId('import-file').setInputFiles({ name: `colis-${RUN}.csv`, mimeType: 'text/csv', buffer: importFile() });
  await expect(page.getByTestId('import-preview')).toBeVisible();
  await expect(page.getByTestId('import-valid-count')).toContainText(`${IMPORTED} lignes valides`);
  await expect(page.getByTestId('import-error-count')).toContainText('0 ligne à corriger');
  await expect(page.getByTestId('import-row')).toHaveCount(IMPORTED);
  await screenshot(page, 'client-import-preview');
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-done')).toContainText(`${IMPORTED} colis créés.`);

  await page.getByTestId('import-see-new').click();
  await expect(page).toHaveURL(/\/compte\/nouveaux-colis$/);
  await expect(page.getByTestId('parcels-screen')).toHaveAttribute('data-view', 'new');
  // Prefix search on the phone: the twenty imported parcels of this run.
  await search(page, `06${RUN}`);
  await expect(page.getByTestId('table-row')).toHaveCount(IMPORTED);
  importedCodes = await page.getByTestId('parcel-code').allTextContents();
  expect(new Set(importedCodes).size).toBe(IMPORTED);
  await expect(page.getByTestId('table-pagination')).toContainText(`1–${IMPORTED} sur ${IMPORTED}`);
});

test('a merchant finds a parcel by phone, prints labels, cancels one and reads its history', async ({ page }) => {
  await signIn(page, MERCHANT);
  await page.goto(url('/compte/tous-les-colis'));
  await search(page, phoneOf(7));
  await expect(page.getByTestId('table-row')).toHaveCount(1);
  await expect(page.getByTestId('table-row')).toContainText(`Client Import ${RUN} 7`);
  await expect(page.getByTestId('table-row')).toContainText('107,00 DH');
  await expect(page.getByTestId('table-row')).toContainText('Nouveau colis');
  const found = (await page.getByTestId('parcel-code').textContent()) ?? '';
  expect(importedCodes).toContain(found);

  // Labels of two parcels, four per A4: a pop-up with the PDF of both codes.
  await page.getByRole('checkbox', { name: `Sélectionner ${found}` }).check();
  await search(page, formCode);
  await expect(page.getByTestId('table-row')).toHaveCount(1);
  await page.getByRole('checkbox', { name: `Sélectionner ${formCode}` }).check();
  await expect(page.getByTestId('selection-count')).toContainText('2 colis sélectionnés');
  const popupOpened = page.waitForEvent('popup');
  await page.getByTestId('labels-button').click();
  await page.getByTestId('labels-a4').click();
  const popup = await popupOpened;
  const labelsUrl = popup.url();
  expect(labelsUrl).toContain('/api/parcels/labels?parcels=');
  expect(labelsUrl).toContain('layout=a4');
  const pdf = await page.request.get(labelsUrl);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const text = pdfText(await pdf.body());
  expect(text).toContain(found);
  expect(text).toContain(formCode);
  await popup.close();

  // Cancel the parcel made with the form, with a reason.
  await page.getByRole('button', { name: `Annuler le colis ${formCode}` }).click();
  const dialog = page.getByTestId('parcel-cancel-dialog');
  await dialog.locator('textarea[name="comment"]').fill('Le client a annulé sa commande');
  await dialog.getByTestId('form-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('parcels-notice')).toContainText(`Colis ${formCode} annulé.`);
  await expect(page.getByTestId('table-row')).toContainText('Annulé');

  // Its history in the drawer (opened by clicking the row).
  await page.getByTestId('table-row').getByText(FORM_RECIPIENT).click();
  const drawer = page.getByTestId('parcel-detail');
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`colis=${formCode}`));
  await expect(drawer.getByTestId('parcel-fees')).toContainText('DH');
  const history = drawer.getByTestId('history-entry');
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText('Annulé');
  await expect(history.first()).toContainText('Le client a annulé sa commande');
  await expect(history.last()).toContainText('Nouveau colis');
  await screenshot(page, 'client-parcel-drawer');
});

test('the admin sees the merchant parcels in all-parcels, with the merchant', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(url('/compte/tous-les-colis'));
  await expect(page.getByTestId('parcels-screen')).toHaveAttribute('data-view', 'all');
  await search(page, `06${RUN}`);
  await expect(page.getByTestId('table-row')).toHaveCount(IMPORTED);
  await search(page, formCode);
  await expect(page.getByTestId('table-row')).toHaveCount(1);
  await expect(page.getByTestId('table-row')).toContainText('Annulé');
  await expect(page.getByTestId('table-row')).toContainText('Boutique Atlas');
  await expect(page.getByRole('button', { name: `Changer le statut ${formCode}` })).toBeVisible();
  await screenshot(page, 'admin-all-parcels');
});

test('a delivery person sees his parcel lists', async ({ page }) => {
  await signIn(page, DELIVERY);
  await expect(page).toHaveURL(/\/compte\/tous-les-colis$/);
  await expect(page.getByTestId('parcels-screen')).toHaveAttribute('data-view', 'all');
  await expect(page.getByTestId('parcels-table')).toBeVisible();
});

test("the merchant's dashboard shows his figures and the top-bar search opens a parcel", async ({ page }) => {
  await signIn(page, MERCHANT);
  await expect(page).toHaveURL(/\/compte\/accueille$/);
  const stats = page.getByTestId('dashboard-stats');
  await expect(stats).toBeVisible();
  const total = Number(((await stats.getByTestId('stat-total').textContent()) ?? '').replace(/\D/g, ''));
  expect(total).toBeGreaterThanOrEqual(IMPORTED + 1);
  // What he is owed: the invoices' figure (GET /api/statistics `money.payouts_due`).
  await expect(stats.getByTestId('stat-payouts-due')).toContainText('À vous verser');
  await expect(stats.getByTestId('stat-payouts-due')).toContainText('DH');
  await expect(stats.getByTestId('stats-day')).toHaveCount(30);
  await screenshot(page, 'client-dashboard-figures');

  await page.getByTestId('search-open').click();
  await page.getByTestId('search-input').fill(phoneOf(3));
  await expect(page.getByTestId('search-parcel')).toHaveCount(1);
  await expect(page.getByTestId('search-parcel')).toContainText(`Client Import ${RUN} 3`);
  await page.getByTestId('search-input').press('Enter');
  await expect(page).toHaveURL(/\/compte\/tous-les-colis\?colis=/);
  await expect(page.getByTestId('parcel-detail')).toContainText(phoneOf(3));
});

test('the public tracking page shows a status without signing in', async ({ page }) => {
  // A public page asks nothing of the session (no 401 in the console).
  const sessionCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user') sessionCalls.push(request.url());
  });
  await page.goto(url(`/suivi/${importedCodes[0]}`));
  const result = page.getByTestId('tracking-result');
  await expect(result).toBeVisible();
  await expect(result.getByTestId('tracking-code')).toHaveText(importedCodes[0]);
  await expect(result.getByTestId('parcel-status')).toHaveText('Nouveau colis');
  await expect(result).toContainText('Casablanca');
  // No names, phones or amounts on the public page.
  await expect(result).not.toContainText('Client Import');
  await screenshot(page, 'public-tracking');

  await page.getByTestId('tracking-input').fill(formCode.toLowerCase());
  await page.getByTestId('tracking-input').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/suivi/${formCode}$`));
  await expect(page.getByTestId('tracking-result').getByTestId('parcel-status')).toHaveText('Annulé');

  await page.getByTestId('tracking-input').fill('ZZZZZZZZZZ');
  await page.getByTestId('tracking-submit').click();
  await expect(page.getByTestId('tracking-error')).toHaveText('Colis introuvable');
  expect(sessionCalls).toEqual([]);
  const favicon = await page.request.get(url('/favicon.ico'));
  expect(favicon.status()).toBe(200);
});
