import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { adminSession, merchantSession } from '../../test/fixtures';
import { deferred, listReply } from '../../test/listReply';
import { mockServer, type MockReply } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import type { BankAccountChange, BankAccountChangeRef, Shop } from '../../components/shop/api';
import { MAX_CERTIFICATE_BYTES, checkCertificate } from '../../components/shop/certificate';
import BankAccountChangesScreen from './BankAccountChangesScreen';
import ShopsScreen from './ShopsScreen';

const APPROVED = '011780000012345678901280';
const ASKED = '230181000098765432109813';
const PDF_TEXT = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
const CERTIFICATE_URL = '/api/shops/bank-account-changes/RB9/certificate';

const pdf = (name = 'attestation.pdf') => new File([PDF_TEXT], name, { type: 'application/pdf' });

const pending = (overrides: Partial<BankAccountChangeRef> = {}): BankAccountChangeRef => ({
  key: 'RB9',
  bank_account: ASKED,
  status: 'pending',
  comment: null,
  requested_at: '2026-11-25T10:00:00Z',
  decided_at: null,
  ...overrides,
});

const shop = (overrides: Partial<Shop> = {}): Shop => ({
  key: 'S1',
  name: 'Souk Rabat',
  phone: '0537000000',
  address: 'Agdal',
  city: 'C1',
  city_name: 'Rabat',
  bank_account: APPROVED,
  bank_account_change: null,
  client: 'M1',
  created_at: '2026-02-02T10:00:00Z',
  updated_at: '2026-02-02T10:00:00Z',
  ...overrides,
});

const change = (overrides: Partial<BankAccountChange> = {}): BankAccountChange => ({
  key: 'RB9',
  shop: { key: 'S1', name: 'Souk Rabat' },
  client: { key: 'M1', name: 'Atlas SARL' },
  old_bank_account: '•••• 1280',
  bank_account: '•••• 9813',
  status: 'pending',
  comment: null,
  requested_by: { key: 'M1', name: 'Salma Berrada' },
  requested_at: '2026-11-25T10:00:00Z',
  decided_by: null,
  decided_at: null,
  certificate: null,
  requested: null,
  unpaid_invoices: [],
  ...overrides,
});

const attached = (): MockReply => ({
  status: 200,
  body: { data: change({ certificate: { media_type: 'application/pdf', uploaded_at: '2026-11-25T10:05:00Z' } }) },
});

/** Opens the edit form of the only shop. */
async function editForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Modifier Souk Rabat' }));
  return screen.findByTestId('form-dialog');
}

describe("the merchant's RIB certificate", () => {
  it('is checked by its size, then by its content, as the server checks it', async () => {
    expect(await checkCertificate(pdf())).toMatchObject({ type: 'application/pdf' });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
    expect(await checkCertificate(new File([png], 'scan.jpg', { type: 'image/jpeg' }))).toMatchObject({ type: 'image/png' });
    expect(await checkCertificate(new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'scan', { type: '' }))).toMatchObject({ type: 'image/jpeg' });
    expect(await checkCertificate(new File(['bonjour'], 'attestation.pdf', { type: 'application/pdf' }))).toMatchObject({ problem: 'type' });
    expect(await checkCertificate(new File([PDF_TEXT, new Uint8Array(MAX_CERTIFICATE_BYTES)], 'gros.pdf', { type: 'application/pdf' }))).toMatchObject({
      problem: 'size',
    });
  });

  it('goes with a new RIB: uploaded raw, with its type, to the pending change of the 202 answer', async () => {
    const user = userEvent.setup();
    let current = shop();
    const held = deferred<MockReply>();
    const server = mockServer({
      'GET /api/shops': (call) => listReply([current], call.query),
      'GET /api/cities': (call) => listReply([], call.query),
      'PUT /api/shops/S1': () => {
        current = shop({ bank_account_change: pending() });
        return { status: 202, body: { data: current } };
      },
      [`PUT ${CERTIFICATE_URL}`]: () => held.promise,
    });
    renderWithProviders(<ShopsScreen />, { session: merchantSession() });
    const dialog = await editForm(user);
    const field = within(dialog).getByTestId('certificate-field');
    expect(field).toHaveTextContent('Attestation de RIB (PDF, JPEG ou PNG, 2 Mo au plus)');
    const rib = within(dialog).getByLabelText(/^RIB/);
    await user.clear(rib);
    await user.paste('2301 8100 0098 7654 3210 9813');
    await user.upload(within(dialog).getByLabelText(/^Attestation de RIB/), pdf('attestation-cih.pdf'));
    expect(await within(dialog).findByTestId('certificate-file-name')).toHaveTextContent('attestation-cih.pdf');
    await user.click(within(dialog).getByTestId('form-submit'));
    // Busy while the file goes: the form waits for it.
    expect(await within(dialog).findByTestId('certificate-progress')).toHaveTextContent('Envoi de l’attestation…');
    expect(within(dialog).getByTestId('form-submit')).toBeDisabled();
    await waitFor(() => expect(server.callsTo('PUT', CERTIFICATE_URL)).toHaveLength(1));
    held.resolve(attached());

    expect(await screen.findByTestId('resource-notice')).toHaveTextContent('Demande envoyée');
    await waitFor(() => expect(screen.queryByTestId('form-dialog')).not.toBeInTheDocument());
    expect(server.callsTo('PUT', '/api/shops/S1')[0].body).toMatchObject({ bank_account: ASKED });
    const [upload] = server.callsTo('PUT', CERTIFICATE_URL);
    expect(upload.headers.get('Content-Type')).toBe('application/pdf');
    expect(upload.body).toBe(PDF_TEXT);
    // After the RIB's answer, never before.
    const order = server.calls.filter((call) => call.method === 'PUT').map((call) => call.path);
    expect(order).toEqual(['/api/shops/S1', CERTIFICATE_URL]);

    // The pending change on the row: the certificate attached opens in a new tab.
    const row = await screen.findByTestId('table-row');
    await waitFor(() => expect(within(row).getByTestId('rib-change')).toHaveAttribute('data-status', 'pending'));
    const open = await within(row).findByRole('link', { name: 'Ouvrir l’attestation' });
    expect(open).toHaveAttribute('href', CERTIFICATE_URL);
    expect(open).toHaveAttribute('target', '_blank');
    expect(within(row).getByTestId('pending-certificate')).toHaveTextContent('Remplacer l’attestation');
  });

  it('refuses a text file or a 3 MB one before sending anything, and a file without a new RIB', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const server = mockServer({
      'GET /api/shops': (call) => listReply([shop()], call.query),
      'GET /api/cities': (call) => listReply([], call.query),
      'PUT /api/shops/S1': { status: 202, body: { data: shop({ bank_account_change: pending() }) } },
    });
    renderWithProviders(<ShopsScreen />, { session: merchantSession() });
    const dialog = await editForm(user);
    const input = within(dialog).getByLabelText(/^Attestation de RIB/);
    const help = () => within(dialog).getByTestId('certificate-help');

    await user.upload(input, new File(['Mon RIB : 2301 8100 0098 7654 3210 9813'], 'rib.txt', { type: 'text/plain' }));
    await waitFor(() => expect(help()).toHaveTextContent('L’attestation doit être un PDF, un JPEG ou un PNG.'));
    const rib = within(dialog).getByLabelText(/^RIB/);
    await user.clear(rib);
    await user.paste(ASKED);
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(help()).toHaveTextContent('L’attestation doit être un PDF, un JPEG ou un PNG.');

    await user.upload(input, new File([PDF_TEXT, new Uint8Array(3 * 1024 * 1024)], 'scan-300dpi.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(help()).toHaveTextContent('L’attestation fait 2 Mo au plus.'));
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(help()).toHaveTextContent('L’attestation fait 2 Mo au plus.');
    expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    // A good file, but the approved RIB kept: there is no change for it to go with.
    await user.upload(input, pdf());
    await waitFor(() => expect(help()).toHaveTextContent('L’attestation de votre banque pour ce RIB'));
    await user.clear(rib);
    await user.paste(APPROVED);
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Une attestation accompagne un nouveau RIB : saisissez-le ci-dessus.')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it("shows the server's refusal (422) under the file, the form still open", async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/shops': (call) => listReply([shop()], call.query),
      'GET /api/cities': (call) => listReply([], call.query),
      'PUT /api/shops/S1': { status: 202, body: { data: shop({ bank_account_change: pending() }) } },
      [`PUT ${CERTIFICATE_URL}`]: [
        { status: 422, body: { message: 'Données invalides.', errors: { certificate: ['L’attestation est illisible : scannez-la de nouveau.'] } } },
        attached(),
      ],
    });
    renderWithProviders(<ShopsScreen />, { session: merchantSession() });
    const dialog = await editForm(user);
    const rib = within(dialog).getByLabelText(/^RIB/);
    await user.clear(rib);
    await user.paste(ASKED);
    await user.upload(within(dialog).getByLabelText(/^Attestation de RIB/), pdf());
    await within(dialog).findByTestId('certificate-file-name');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('L’attestation est illisible : scannez-la de nouveau.')).toBeInTheDocument();
    expect(within(dialog).getByTestId('form-submit')).toBeEnabled();

    // Another file: sent to the change now pending.
    await user.upload(within(dialog).getByLabelText(/^Attestation de RIB/), pdf('attestation-nette.pdf'));
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(screen.queryByTestId('form-dialog')).not.toBeInTheDocument());
    expect(server.callsTo('PUT', CERTIFICATE_URL)).toHaveLength(2);
  });

  it('is attached to a pending change from its row: busy while sending, the refusal shown, then opened', async () => {
    const user = userEvent.setup();
    const held = deferred<MockReply>();
    const server = mockServer({
      'GET /api/shops': (call) => listReply([shop({ bank_account_change: pending() })], call.query),
      [`PUT ${CERTIFICATE_URL}`]: (_call, index) =>
        index === 0
          ? { status: 422, body: { message: 'Données invalides.', errors: { certificate: ['L’attestation fait 2 Mo au plus.'] } } }
          : index === 1
            ? held.promise
            : { status: 409, body: { message: 'Ce changement de RIB est déjà décidé.' } },
    });
    renderWithProviders(<ShopsScreen />, { session: merchantSession() });
    const row = await screen.findByTestId('table-row');
    const pendingBox = within(row).getByTestId('pending-certificate');
    expect(pendingBox).toHaveTextContent('Joindre l’attestation');
    expect(within(row).queryByRole('link', { name: 'Ouvrir l’attestation' })).not.toBeInTheDocument();

    await user.upload(within(pendingBox).getByLabelText(/^Attestation de RIB/), pdf());
    expect(await within(pendingBox).findByTestId('certificate-error')).toHaveTextContent('L’attestation fait 2 Mo au plus.');

    await user.upload(within(pendingBox).getByLabelText(/^Attestation de RIB/), pdf());
    expect(await within(pendingBox).findByTestId('certificate-uploading')).toHaveTextContent('Envoi de l’attestation…');
    expect(within(pendingBox).queryByTestId('certificate-error')).not.toBeInTheDocument();
    held.resolve(attached());
    const open = await within(pendingBox).findByRole('link', { name: 'Ouvrir l’attestation' });
    expect(open).toHaveAttribute('href', CERTIFICATE_URL);
    expect(within(pendingBox).queryByTestId('certificate-uploading')).not.toBeInTheDocument();
    expect(server.callsTo('PUT', CERTIFICATE_URL)[1].headers.get('Content-Type')).toBe('application/pdf');
    expect(pendingBox).toHaveTextContent('Remplacer l’attestation');

    // A replacement the server refuses leaves the one attached.
    await user.upload(within(pendingBox).getByLabelText(/^Attestation de RIB/), pdf());
    expect(await within(pendingBox).findByTestId('certificate-error')).toHaveTextContent('Ce changement de RIB est déjà décidé.');
    expect(within(pendingBox).getByRole('link', { name: 'Ouvrir l’attestation' })).toHaveAttribute('href', CERTIFICATE_URL);
  });
});

describe("the approver's check of a RIB change", () => {
  it('shows the RIB asked for, split, with its bank, and opens the certificate', async () => {
    const user = userEvent.setup();
    const withCertificate = change({
      certificate: { media_type: 'application/pdf', uploaded_at: '2026-11-25T10:05:00Z' },
      requested: { bank_code: '230', bank_name: 'CIH Bank', city_code: '181', account_number: '0000987654321098', check_key: '13' },
    });
    mockServer({ 'GET /api/shops/bank-account-changes': (call) => listReply([withCertificate], call.query) });
    renderWithProviders(<BankAccountChangesScreen />, { session: adminSession() });
    const row = await screen.findByTestId('table-row');
    // The list stays masked; it says a certificate waits to be read.
    expect(row).not.toHaveTextContent('0000987654321098');
    expect(within(row).getByRole('link', { name: 'Ouvrir l’attestation' })).toHaveAttribute('href', CERTIFICATE_URL);

    await user.click(within(row).getByRole('button', { name: 'Approuver Souk Rabat' }));
    const dialog = await screen.findByTestId('approve-dialog-9813');
    const rib = within(dialog).getByTestId('requested-rib');
    expect(rib).toHaveTextContent('RIB demandé');
    expect(within(rib).getByTestId('requested-bank')).toHaveTextContent(/^Banque230 · CIH Bank$/);
    expect(within(rib).getByTestId('requested-city')).toHaveTextContent(/^Localité181$/);
    expect(within(rib).getByTestId('requested-account')).toHaveTextContent(/^Compte0000987654321098$/);
    expect(within(rib).getByTestId('requested-key')).toHaveTextContent(/^Clé13$/);
    const open = within(dialog).getByRole('link', { name: 'Ouvrir l’attestation' });
    expect(open).toHaveAttribute('href', CERTIFICATE_URL);
    expect(open).toHaveAttribute('target', '_blank');
    expect(within(dialog).getByTestId('certificate-attached')).toHaveTextContent(/^Attestation jointe le 25 nov\. 2026\.$/);
    expect(within(dialog).queryByTestId('certificate-none')).not.toBeInTheDocument();
  });

  it('warns when no certificate is attached, and names an unknown bank so', async () => {
    const user = userEvent.setup();
    const bare = change({
      requested: { bank_code: '999', bank_name: null, city_code: '181', account_number: '0000987654321098', check_key: '13' },
    });
    mockServer({ 'GET /api/shops/bank-account-changes': (call) => listReply([bare], call.query) });
    renderWithProviders(<BankAccountChangesScreen />, { session: adminSession() });
    const row = await screen.findByTestId('table-row');
    expect(within(row).getByTestId('certificate-none')).toHaveTextContent('Aucune attestation jointe');

    // Nothing to check the RIB against: it cannot be approved (the server refuses it too).
    expect(within(row).getByRole('button', { name: 'Approuver Souk Rabat' })).toBeDisabled();

    // The refusal shows what was asked and that no certificate came, to refuse knowing why.
    await user.click(within(row).getByRole('button', { name: 'Refuser Souk Rabat' }));
    const refuse = await screen.findByTestId('refuse-dialog');
    expect(within(refuse).getByTestId('requested-bank')).toHaveTextContent(/^Banque999 · banque inconnue$/);
    expect(within(refuse).getByTestId('requested-account')).toHaveTextContent('0000987654321098');
    const none = within(refuse).getByTestId('certificate-none');
    expect(none).toHaveTextContent('Aucune attestation jointe');
    expect(none.className).toMatch(/MuiAlert-colorWarning/);
    expect(within(refuse).queryByRole('link', { name: 'Ouvrir l’attestation' })).not.toBeInTheDocument();
  });
});
