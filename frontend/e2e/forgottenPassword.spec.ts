// A forgotten password, end to end (issue 41), against the real server and its real e-mails (the
// global setup's mail catcher). The demo merchant's password is used by every other spec: the
// account here is a member of his team created for the run (through the API, as the merchant
// would). Signed in in one browser, he asks for a link from another one (« Mot de passe oublié ? »
// on the sign-in page), finds the e-mail, opens its link, chooses a new password and signs in
// with it; the first browser's session has ended; the link does not work twice; an unknown
// address gets the very same answer (and no e-mail).
import type { Page } from '@playwright/test';
import { MERCHANT } from './accounts';
import { expect, test } from './fixtures';
import { apiClient, appTookOver, baseUrl, signIn, url } from './helpers';
import { mailBody, mailsTo, waitForMail } from './mail';

// Unique per run: the test can run again on the same database.
const RUN = String(Date.now()).slice(-6);
const MEMBER = {
  email: `oubli.${RUN}@colivra.ma`,
  password: 'Ancien-Cedre-Ifrane-2026!',
  first_name: 'Yasmine',
  last_name: `Oubli${RUN}`,
};
const NEW_PASSWORD = `Nouveau-Atlas-${RUN}-Chefchaouen!`;
const UNKNOWN = `personne.${RUN}@colivra.ma`;
const LINK = /https?:\/\/[^\s"'<>]+\/reinitialiser-mot-de-passe\?jeton=[^\s"'<>]+/;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  // A member of the demo merchant's team, with a password of his own (no invitation).
  const merchant = await apiClient(playwright, MERCHANT);
  try {
    const created = await merchant.send('POST', '/api/managers', { ...MEMBER, permissions: ['dashboard'] });
    expect(created.data.email).toBe(MEMBER.email);
  } finally {
    await merchant.request.dispose();
  }
});

/** Asks for a link from the forgotten-password page (already open), and waits for its confirmation. */
async function askForLink(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();
  await page.locator('input[name="email"]').fill(email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  const sent = page.getByTestId('forgotten-password-sent');
  await expect(sent).toContainText('Si un compte existe pour cette adresse, un e-mail vient d’être envoyé');
  await expect(sent).toContainText('valable 30 minutes');
}

/** Types the new password twice on the page of the link and saves it. */
async function chooseNewPassword(page: Page, password: string): Promise<void> {
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password_confirmation"]').fill(password);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
}

test('a team member who forgot his password gets a link by e-mail, chooses a new one, and his other sessions end', async ({ page, browser, playwright }) => {
  // Three sign-ins (argon2 on a debug build) and an e-mail to wait for.
  test.setTimeout(180_000);
  // His first browser: signed in, on his dashboard.
  const first = await browser.newContext();
  try {
    const firstPage = await first.newPage();
    await signIn(firstPage, MEMBER);
    expect((await firstPage.request.get(url('/api/user'), { headers: { Accept: 'application/json' } })).status()).toBe(200);

    // Another browser: the sign-in page, « Mot de passe oublié ? ».
    const before = mailsTo(MEMBER.email).length;
    await page.goto(url('/compte/connexion'));
    await appTookOver(page);
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await expect(page).toHaveURL(/\/mot-de-passe-oublie$/);
    await askForLink(page, MEMBER.email);

    // The e-mail, from the address the server sends from, with the link to this server.
    const mail = await waitForMail(MEMBER.email, { after: before, match: (caught) => LINK.test(mailBody(caught)) });
    expect(mail.mail_from).toContain('no-reply@colivra.test');
    expect((mail.headers.from ?? []).join(' ')).toContain('no-reply@colivra.test');
    expect(mail.subject ?? '').not.toBe('');
    const link = LINK.exec(mailBody(mail))![0];
    expect(link.startsWith(`${baseUrl()}/reinitialiser-mot-de-passe?jeton=`), link).toBe(true);

    // The link: a new password, then the sign-in page says so.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeVisible();
    await chooseNewPassword(page, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/compte\/connexion$/, { timeout: 30_000 });
    await expect(page.getByTestId('login-notice')).toHaveText('Mot de passe changé : connectez-vous.');

    // He signs in with the new one.
    await page.locator('input[name="email"]').fill(MEMBER.email);
    await page.locator('input[name="password"]').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/compte\/accueille$/, { timeout: 30_000 });

    // The first browser's session has ended: its next call answers 401, its next page is the sign-in.
    expect((await firstPage.request.get(url('/api/user'), { headers: { Accept: 'application/json' } })).status()).toBe(401);
    await firstPage.goto(url('/compte/profile'));
    await expect(firstPage).toHaveURL(/\/compte\/connexion$/);
    await expect(firstPage.locator('input[name="email"]')).toBeVisible();

    // The old password no longer signs in.
    const anonymous = await playwright.request.newContext();
    try {
      expect((await anonymous.get(url('/sanctum/csrf-cookie'))).status()).toBe(204);
      const xsrf = (await anonymous.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN');
      const refused = await anonymous.post(url('/api/login'), {
        data: { email: MEMBER.email, password: MEMBER.password, remember: false },
        headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf?.value ?? ''), Accept: 'application/json' },
      });
      expect(refused.status(), await refused.text()).toBe(422);
    } finally {
      await anonymous.dispose();
    }

    // The link works once: opened again, the server refuses its token.
    await page.goto(link);
    await chooseNewPassword(page, `${NEW_PASSWORD}-2`);
    await expect(page.getByTestId('reset-password-invalid')).toContainText('Ce lien n’est plus valable');
    await expect(page.getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/mot-de-passe-oublie');
  } finally {
    await first.close();
  }
});

test('an unknown address gets the same answer, and no e-mail', async ({ page }) => {
  await page.goto(url('/mot-de-passe-oublie'));
  await askForLink(page, UNKNOWN);
  // Nothing is sent to it (the worker sends within a second or two).
  await page.waitForTimeout(3000);
  expect(mailsTo(UNKNOWN)).toEqual([]);
});
