// Field quality in the browser, against the real server: a parcel for an Arabic-speaking
// recipient is found by its name and by the start of its tracking code (list and top bar), shows
// in Arabic, and prints in Arabic on its label (read back with poppler's pdftotext, a reader we
// did not write; the rendered page is left in e2e-artifacts/ to be looked at); city names sort as
// people read them (accents aside).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN, MERCHANT } from './accounts';
import { expect, test } from './fixtures';
import { apiClient, apiSession, ARTIFACTS, DEMO_SHOP, screenshot, search, signIn, url } from './helpers';

const RUN = String(Date.now()).slice(-6);
const RECIPIENT = 'فاطمة الزهراء';
const ADDRESS = 'حي السلام، زنقة 12';
let code = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  const merchant = await apiClient(playwright, MERCHANT);
  const shop = (await merchant.send('GET', '/api/shops?per_page=100')).data.find((candidate) => candidate.name === DEMO_SHOP);
  expect(shop, 'the demo shop').toBeDefined();
  const created = await merchant.send('POST', '/api/parcels', {
    shop: shop!.key,
    recipient_name: RECIPIENT,
    recipient_phone: `06${RUN}55`,
    city: 'Casablanca',
    address: ADDRESS,
    cod_amount: 32000,
    product: 'قفطان',
  });
  code = String(created.data.key);
  await merchant.request.dispose();
});

test('a parcel for an Arabic name is found by its name and by the start of its code, and its label prints in Arabic', async ({
  page,
}) => {
  await signIn(page, MERCHANT);
  await page.goto(url('/compte/tous-les-colis'));
  await search(page, RECIPIENT);
  const row = page.locator(`[data-testid="table-row"][data-key="${code}"]`);
  await expect(row).toContainText(RECIPIENT);

  // Six characters of the code find it (the index serves prefixes), in the list…
  const prefix = code.slice(0, 6);
  await search(page, prefix);
  // The row was already on screen from the search by name: wait for the list to answer the
  // prefix, which leaves only codes starting with it.
  await expect(async () => {
    const keys = await page
      .getByTestId('table-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key') ?? ''));
    expect(keys).toContain(code);
    for (const key of keys) expect(key.startsWith(prefix), `${key} found by ${prefix}`).toBe(true);
  }).toPass({ timeout: 10_000 });
  // …and in the top bar, which opens it.
  await page.getByTestId('search-open').click();
  await page.getByTestId('search-input').fill(code.slice(0, 8));
  await expect(page.getByTestId('search-parcel').filter({ hasText: code })).toHaveCount(1);
  await page.getByTestId('search-parcel').filter({ hasText: code }).click();
  await expect(page.getByTestId('parcel-detail')).toContainText(ADDRESS);
  await screenshot(page, 'arabic-parcel-drawer');

  // The label: the server's PDF, read back by pdftotext, says the name and address as typed.
  const pdf = await page.request.get(url(`/api/parcels/labels?parcels=${code}&layout=a6`));
  expect(pdf.status()).toBe(200);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, 'label-arabic.pdf');
  fs.writeFileSync(file, await pdf.body());
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  expect(text).toContain(code);
  expect(text).toContain(RECIPIENT);
  expect(text).toContain('حي السلام');
  expect(text).not.toContain('?');
  execFileSync('pdftoppm', ['-png', '-r', '110', '-singlefile', file, path.join(ARTIFACTS, 'label-arabic')]);
  expect(fs.statSync(path.join(ARTIFACTS, 'label-arabic.png')).size).toBeGreaterThan(5_000);
});

test('city names sort as people read them: "Aïn" before "Az", "Fès" before "Fq"', async ({ page, playwright }) => {
  const admin = await playwright.request.newContext();
  const { xsrf } = await apiSession(admin, ADMIN);
  const names = [`Azrou ${RUN}`, `Fquih ${RUN}`, `Aïn Harrouda ${RUN}`, `Fès ${RUN}`];
  for (const name of names) {
    const created = await admin.post(url('/api/cities'), {
      headers: { 'X-XSRF-TOKEN': await xsrf(), Accept: 'application/json' },
      data: { name, delivery_fee: 3000, return_fee: 1000, refusal_fee: 1000 },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  await admin.dispose();

  await signIn(page, ADMIN);
  await page.goto(url('/compte/villes'));
  await search(page, RUN);
  await expect(page.getByTestId('table-row')).toHaveCount(4);
  // The list opens sorted by name.
  const order = async () =>
    (await page.getByTestId('table-row').allTextContents()).map((text) => names.find((name) => text.includes(name)) ?? text);
  await expect.poll(order).toEqual([`Aïn Harrouda ${RUN}`, `Azrou ${RUN}`, `Fès ${RUN}`, `Fquih ${RUN}`]);
});
