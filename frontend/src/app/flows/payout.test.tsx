import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { adminSession, merchantSession } from '../../test/fixtures';
import { ProfileInfoCard } from '../../features/profile/ProfileInfoCard';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderApp, renderWithProviders } from '../../test/render';
import { MerchantShopsDrawer } from '../../features/merchants/MerchantShopsDrawer';
import type { MerchantView } from '../../components/merchant/api';
import CompanySettingsScreen from '../../features/settings/CompanySettingsScreen';
import type { BankAccountChange, Shop } from '../../components/shop/api';
import BankAccountChangesScreen from '../../features/shops/BankAccountChangesScreen';
import { BankAccountNotices, noticedShops } from '../../components/shop/BankAccountNotices';
import ShopsScreen from '../../features/shops/ShopsScreen';

const APPROVED = '011780000012345678901280';
const ASKED = '230181000098765432109813';

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

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000).toISOString();

const pending = (rib = ASKED) => ({ key: 'RB1', bank_account: rib, status: 'pending' as const, comment: null, requested_at: daysAgo(0), decided_at: null });

afterEach(() => window.sessionStorage.clear());

describe("the merchant's RIB changes", () => {
  it('shows a pending RIB under the approved one, edits it, and says a new RIB waits for approval (202)', async () => {
    const user = userEvent.setup();
    const waiting = shop({ bank_account_change: pending() });
    const server = mockServer({
      'GET /api/shops': (call) => listReply([waiting], call.query),
      'GET /api/cities': (call) => listReply([], call.query),
      'PUT /api/shops/S1': { status: 202, body: { data: waiting } },
    });
    renderWithProviders(<ShopsScreen />, { session: merchantSession() });
    const row = await screen.findByTestId('table-row');
    expect(within(row).getByTestId('shop-rib')).toHaveTextContent('0117 8000 0012 3456 7890 1280');
    expect(within(row).getByTestId('rib-change')).toHaveAttribute('data-status', 'pending');
    expect(within(row).getByTestId('rib-change')).toHaveTextContent('En attente');
    expect(within(row).getByTestId('rib-change')).toHaveTextContent('Nouveau RIB en attente de validation : 2301 8100 0098 7654 3210 9813');

    await user.click(screen.getByRole('button', { name: 'Modifier Souk Rabat' }));
    const dialog = await screen.findByTestId('form-dialog');
    // The form holds what he asked for, and says a change replaces the request.
    const rib = within(dialog).getByLabelText(/^RIB/);
    expect(rib).toHaveValue(ASKED);
    expect(dialog).toHaveTextContent('Ce RIB attend notre validation ; le modifier remplace la demande.');
    await user.clear(rib);
    await user.paste('0077 8000 0055 5566 6677 7703');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await screen.findByTestId('resource-notice')).toHaveTextContent(
      'Demande envoyée : le nouveau RIB sera utilisé dès que notre équipe l’aura validé.',
    );
    expect(server.callsTo('PUT', '/api/shops/S1')[0].body).toMatchObject({ bank_account: '007780000055556666777703' });
  });

  it('says an ordinary edit was saved, and shows a refusal with its reason', async () => {
    const user = userEvent.setup();
    const refused = shop({
      bank_account_change: { ...pending(), status: 'refused', comment: 'RIB d’un tiers', decided_at: daysAgo(1) },
    });
    mockServer({
      'GET /api/shops': (call) => listReply([refused], call.query),
      'GET /api/cities': (call) => listReply([], call.query),
      'PUT /api/shops/S1': { status: 200, body: { data: refused } },
    });
    renderWithProviders(<ShopsScreen />, { session: merchantSession() });
    const row = await screen.findByTestId('table-row');
    expect(within(row).getByTestId('rib-change')).toHaveTextContent('Nouveau RIB refusé : RIB d’un tiers');
    await user.click(screen.getByRole('button', { name: 'Modifier Souk Rabat' }));
    const dialog = await screen.findByTestId('form-dialog');
    expect(within(dialog).getByLabelText(/^RIB/)).toHaveValue(APPROVED);
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await screen.findByTestId('resource-notice')).toHaveTextContent('Modifications enregistrées.');
  });

  it('tells him on his dashboard: waiting, approved and refused changes; decided ones can be hidden', async () => {
    const user = userEvent.setup();
    const shops = [
      shop({ key: 'S1', name: 'Atlas', bank_account_change: pending() }),
      shop({ key: 'S2', name: 'Medina', bank_account_change: { ...pending(), key: 'RB2', status: 'approved', decided_at: daysAgo(2) } }),
      shop({ key: 'S3', name: 'Souss', bank_account_change: { ...pending(), key: 'RB3', status: 'refused', comment: 'Attestation illisible', decided_at: daysAgo(3) } }),
      shop({ key: 'S4', name: 'Ancienne', bank_account_change: { ...pending(), key: 'RB4', status: 'approved', decided_at: daysAgo(45) } }),
      shop({ key: 'S5', name: 'Sans changement' }),
    ];
    expect(noticedShops(shops).map((s) => s.key)).toEqual(['S1', 'S2', 'S3']);
    mockServer({ 'GET /api/shops': (call) => listReply(shops, call.query) });
    renderWithProviders(<BankAccountNotices />, { session: merchantSession() });
    const notices = await screen.findAllByTestId('rib-notice');
    expect(notices.map((n) => n.getAttribute('data-status'))).toEqual(['pending', 'approved', 'refused']);
    expect(notices[0]).toHaveTextContent('Atlas : nouveau RIB 2301 8100 0098 7654 3210 9813 en attente de validation.');
    expect(notices[2]).toHaveTextContent('Souss : nouveau RIB 2301 8100 0098 7654 3210 9813 refusé (Attestation illisible).');
    // A waiting change stays; a decided one hides until the browser session ends.
    expect(within(notices[0]).queryByRole('button', { name: 'Masquer' })).not.toBeInTheDocument();
    await user.click(within(notices[1]).getByRole('button', { name: 'Masquer' }));
    await waitFor(() => expect(screen.getAllByTestId('rib-notice')).toHaveLength(2));
    expect(JSON.parse(window.sessionStorage.getItem('colivra.dismissedRibNotices') ?? '[]')).toEqual(['RB2']);
  });
});

const change = (overrides: Partial<BankAccountChange> = {}): BankAccountChange => ({
  key: 'RB1',
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
  // Attached: an approver decides against the bank's certificate (without one, approval is off).
  certificate: { media_type: 'application/pdf', uploaded_at: '2026-11-25T10:05:00Z' },
  requested: null,
  unpaid_invoices: [],
  ...overrides,
});

describe("the staff's RIB changes", () => {
  it('lists the pending ones masked, approves after confirming, and refuses only with a reason', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/shops/bank-account-changes': (call) => listReply(call.query.status === 'pending' ? [change()] : [change(), change({ key: 'RB0', status: 'refused', comment: 'Ancien refus' })], call.query),
      'PUT /api/shops/bank-account-changes/RB1': [
        { status: 200, body: { data: change({ status: 'approved' }) } },
        { status: 409, body: { message: 'Cette demande de changement de RIB est déjà approuvée.' } },
      ],
    });
    renderWithProviders(<BankAccountChangesScreen />, { session: adminSession() });
    const row = await screen.findByTestId('table-row');
    expect(within(row).getByTestId('change-ribs')).toHaveTextContent('•••• 1280 → •••• 9813');
    expect(row).toHaveTextContent('par Salma Berrada');
    expect(server.callsTo('GET', '/api/shops/bank-account-changes')[0].query).toMatchObject({ status: 'pending' });

    await user.click(within(row).getByRole('button', { name: 'Approuver Souk Rabat' }));
    const confirm = await screen.findByTestId('approve-dialog-9813');
    expect(confirm).toHaveTextContent('Les virements et les factures validées à partir de maintenant iront sur le RIB •••• 9813.');
    await user.click(within(confirm).getByRole('button', { name: 'Approuver' }));
    expect(await screen.findByTestId('resource-notice')).toHaveTextContent('Nouveau RIB approuvé.');
    expect(server.callsTo('PUT', '/api/shops/bank-account-changes/RB1')[0].body).toEqual({ status: 'approved' });
    await waitFor(() => expect(screen.queryByTestId('approve-dialog-9813')).not.toBeInTheDocument());

    await user.click(within(await screen.findByTestId('table-row')).getByRole('button', { name: 'Refuser Souk Rabat' }));
    const refuse = await screen.findByTestId('refuse-dialog');
    await user.click(within(refuse).getByTestId('form-submit'));
    expect(await within(refuse).findByText('Indiquez au marchand pourquoi son RIB est refusé.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/shops/bank-account-changes/RB1')).toHaveLength(1);
    await user.type(within(refuse).getByLabelText(/^Raison/), '  RIB d’un tiers ');
    await user.click(within(refuse).getByTestId('form-submit'));
    // Another admin decided meanwhile: the server's 409 shows in the dialog.
    expect(await within(refuse).findByText('Cette demande de changement de RIB est déjà approuvée.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/shops/bank-account-changes/RB1')[1].body).toEqual({ status: 'refused', comment: 'RIB d’un tiers' });

    // Every status: decided rows have no action.
    await user.click(within(refuse).getByTestId('form-cancel'));
    await user.click(screen.getByTestId('tab-all'));
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(2));
    expect(server.callsTo('GET', '/api/shops/bank-account-changes').at(-1)!.query).not.toHaveProperty('status');
    const refusedRow = screen.getAllByTestId('table-row')[1];
    expect(refusedRow).toHaveTextContent('Ancien refus');
    expect(within(refusedRow).queryByRole('button', { name: /Approuver/ })).not.toBeInTheDocument();
  });

  it('says which unpaid invoices an approval moves to the new RIB, or that none waits', async () => {
    const user = userEvent.setup();
    const moving = change({
      unpaid_invoices: [
        { key: 'FCA', number: 'FC-2026-000012', total: 125000 },
        { key: 'FCB', number: 'FC-2026-000015', total: 40000 },
      ],
    });
    const none = change({ key: 'RB2', shop: { key: 'S2', name: 'Dar Atlas' }, bank_account: '•••• 4455', unpaid_invoices: [] });
    mockServer({ 'GET /api/shops/bank-account-changes': (call) => listReply([moving, none], call.query) });
    renderWithProviders(<BankAccountChangesScreen />, { session: adminSession() });
    await waitFor(() => expect(screen.getAllByTestId('table-row')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('table-row');
    expect(within(first).getByTestId('change-unpaid')).toHaveTextContent(/^2 factures en attente de paiement : 1\s650,00\sDH$/);
    expect(within(second).getByTestId('change-unpaid')).toHaveTextContent('Aucune facture en attente de paiement.');

    await user.click(within(first).getByRole('button', { name: 'Approuver Souk Rabat' }));
    const confirm = await screen.findByTestId('approve-dialog-9813');
    expect(within(confirm).getByTestId('moved-invoices')).toHaveTextContent('Cette approbation déplace le paiement de :');
    expect(within(confirm).getAllByTestId('moved-invoice').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^FC-2026-000012 \(1\s250,00\sDH\)$/),
      expect.stringMatching(/^FC-2026-000015 \(400,00\sDH\)$/),
    ]);
    await user.click(within(confirm).getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('approve-dialog-9813')).not.toBeInTheDocument());

    await user.click(within(second).getByRole('button', { name: 'Approuver Dar Atlas' }));
    const other = await screen.findByTestId('approve-dialog-4455');
    expect(within(other).getByTestId('moved-invoices-none')).toHaveTextContent('Aucune facture en attente de paiement.');
  });

  it("edits a merchant's shop from the clients screen: an empty RIB keeps the current one, a typed one applies", async () => {
    const user = userEvent.setup();
    const masked = shop({ bank_account: '•••• 1280' });
    const server = mockServer({
      'GET /api/shops': (call) => listReply([masked], call.query),
      'GET /api/cities': (call) => listReply([], call.query),
      'PUT /api/shops/S1': { status: 200, body: { data: masked } },
    });
    const merchant = { key: 'M1', first_name: 'Salma', last_name: 'Berrada', email: 's@atlas.ma', company: 'Atlas SARL' } as MerchantView;
    renderWithProviders(<MerchantShopsDrawer merchant={merchant} onClose={() => undefined} />, { session: adminSession() });
    await user.click(await screen.findByRole('button', { name: 'Modifier Souk Rabat' }));
    let dialog = await screen.findByTestId('shop-edit-dialog');
    expect(dialog).toHaveTextContent('Laissez vide pour garder le RIB actuel (•••• 1280).');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/shops/S1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/shops/S1')[0].body).toEqual({ name: 'Souk Rabat', phone: '0537000000', address: 'Agdal', city: 'C1' });

    await waitFor(() => expect(screen.queryByTestId('shop-edit-dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Modifier Souk Rabat' }));
    dialog = await screen.findByTestId('shop-edit-dialog');
    await user.click(within(dialog).getByLabelText(/^RIB/));
    await user.paste('2301 8100 0098 7654 3210 9813');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/shops/S1')).toHaveLength(2));
    expect(server.callsTo('PUT', '/api/shops/S1')[1].body).toMatchObject({ bank_account: ASKED });
  });

  it("keeps the RIB field closed while the merchant's request waits", async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/shops': (call) => listReply([shop({ bank_account: '•••• 1280', bank_account_change: pending('•••• 9813') })], call.query),
      'GET /api/cities': (call) => listReply([], call.query),
    });
    const merchant = { key: 'M1', first_name: 'Salma', last_name: 'Berrada', email: 's@atlas.ma', company: null } as MerchantView;
    renderWithProviders(<MerchantShopsDrawer merchant={merchant} onClose={() => undefined} />, { session: adminSession() });
    await user.click(await screen.findByRole('button', { name: 'Modifier Souk Rabat' }));
    const dialog = await screen.findByTestId('shop-edit-dialog');
    expect(within(dialog).getByTestId('shop-rib-pending')).toHaveTextContent('nouveau RIB (•••• 9813)');
    expect(within(dialog).getByLabelText(/^RIB/)).toBeDisabled();
  });
});

describe("the company's legal identity", () => {
  it('says it is not set yet, shows the server refusals under their fields, then saves with a footer preview', async () => {
    const user = userEvent.setup();
    const empty = { configured: false, name: '', address: '', ice: '', if: '', rc: '', patente: null, cnss: null, invoices_in_reader_language: false };
    const saved = { configured: true, name: 'Colivra SARL', address: '12 rue des Entrepreneurs', ice: '001234567000089', if: '12345678', rc: '123456', patente: null, cnss: '1234567', invoices_in_reader_language: false };
    const server = mockServer({
      'GET /api/settings/company': { status: 200, body: { data: empty } },
      'PUT /api/settings/company': [
        { status: 422, body: { message: 'Données invalides.', errors: { ice: ['L’ICE compte exactement 15 chiffres.'] } } },
        { status: 200, body: { data: saved } },
      ],
    });
    renderWithProviders(<CompanySettingsScreen />, { session: adminSession() });
    expect(await screen.findByTestId('company-not-configured')).toBeInTheDocument();
    const form = screen.getByTestId('company-form');
    await user.type(within(form).getByLabelText(/^Raison sociale/), 'Colivra SARL');
    await user.type(within(form).getByLabelText(/^Adresse/), '12 rue des Entrepreneurs');
    await user.type(within(form).getByLabelText(/^ICE/), '00123456700008');
    await user.type(within(form).getByLabelText(/^IF/), '12345678');
    await user.type(within(form).getByLabelText(/^RC/), '123456');
    await user.type(within(form).getByLabelText(/^CNSS/), '1234567');
    expect(screen.getByTestId('company-footer-preview')).toHaveTextContent('Colivra SARL · ICE 00123456700008 · IF 12345678 · RC 123456 · CNSS 1234567');
    await user.click(screen.getByTestId('company-save'));
    expect(await within(form).findByText('L’ICE compte exactement 15 chiffres.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^ICE/), '9');
    expect(within(form).queryByText('L’ICE compte exactement 15 chiffres.')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('company-save'));
    expect(await screen.findByTestId('company-saved')).toHaveTextContent('Identité légale enregistrée.');
    expect(server.callsTo('PUT', '/api/settings/company')[1].body).toEqual({
      name: 'Colivra SARL',
      address: '12 rue des Entrepreneurs',
      ice: '001234567000089',
      if: '12345678',
      rc: '123456',
      patente: '',
      cnss: '1234567',
      invoices_in_reader_language: false,
      // An older answer without TVA: the default rate, no exemption.
      tva_rate: 20,
      tva_exemption: null,
      // Off unless ticked: merchants paid on cash received.
      pay_before_cash_in: false,
    });
  });

  it("prints invoices in French unless the reader's language is chosen, sent with the whole identity", async () => {
    const user = userEvent.setup();
    const stored = { configured: true, name: 'Colivra SARL', address: '12 rue des Entrepreneurs', ice: '001234567000089', if: '12345678', rc: '123456', patente: null, cnss: null, invoices_in_reader_language: false };
    const server = mockServer({
      'GET /api/settings/company': { status: 200, body: { data: stored } },
      'PUT /api/settings/company': (call) => ({ status: 200, body: { data: { ...stored, ...(call.body as object), configured: true, patente: null, cnss: null } } }),
    });
    renderWithProviders(<CompanySettingsScreen />, { session: adminSession() });
    const form = await screen.findByTestId('company-form');
    const toggle = within(form).getByRole('switch', { name: 'Factures dans la langue du lecteur' });
    expect(toggle).not.toBeChecked();
    expect(form).toHaveTextContent('Les factures sont imprimées en français, la langue légale. Cochez pour les imprimer dans la langue de chaque lecteur.');
    await user.click(toggle);
    expect(toggle).toBeChecked();
    await user.click(screen.getByTestId('company-save'));
    expect(await screen.findByTestId('company-saved')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/settings/company')[0].body).toEqual({
      name: 'Colivra SARL',
      address: '12 rue des Entrepreneurs',
      ice: '001234567000089',
      if: '12345678',
      rc: '123456',
      patente: '',
      cnss: '',
      invoices_in_reader_language: true,
      tva_rate: 20,
      tva_exemption: null,
      // Off unless ticked: merchants paid on cash received.
      pay_before_cash_in: false,
    });
    // The stored answer is what the form keeps: still ticked.
    expect(within(form).getByRole('switch', { name: 'Factures dans la langue du lecteur' })).toBeChecked();
  });

  it('sends the TVA rate and the exemption mention, checked as the server checks them', async () => {
    const user = userEvent.setup();
    const stored = {
      configured: true,
      name: 'Colivra SARL',
      address: '12 rue des Entrepreneurs',
      ice: '001234567000089',
      if: '12345678',
      rc: '123456',
      patente: null,
      cnss: null,
      invoices_in_reader_language: false,
      tva_rate: 20,
      tva_exemption: null,
    };
    const mention = 'Exonéré de TVA en vertu de l’article 91 du CGI';
    const server = mockServer({
      'GET /api/settings/company': { status: 200, body: { data: stored } },
      'PUT /api/settings/company': (call, index) =>
        index === 0
          ? { status: 200, body: { data: { ...stored, ...(call.body as object) } } }
          : { status: 422, body: { message: 'Données invalides.', errors: { tva_exemption: ['La mention compte au plus 300 caractères.'] } } },
    });
    renderWithProviders(<CompanySettingsScreen />, { session: adminSession() });
    const section = await screen.findByTestId('company-tva');
    expect(within(section).getByRole('heading', { name: 'TVA' })).toBeInTheDocument();
    const rate = within(section).getByRole('textbox', { name: /^Taux de TVA/ });
    const exemption = within(section).getByRole('textbox', { name: /^Mention d’exonération/ });
    expect(rate).toHaveValue('20');
    expect(exemption).toHaveValue('');
    expect(exemption).toHaveAttribute('maxlength', '300');

    // Not a whole number from 0 to 100: said under the field, nothing sent.
    await user.clear(rate);
    await user.type(rate, '101');
    await user.click(screen.getByTestId('company-save'));
    expect(await within(section).findByText('Indiquez un nombre entier de 0 à 100.')).toBeInTheDocument();
    await user.clear(rate);
    await user.type(rate, '5.5');
    await user.click(screen.getByTestId('company-save'));
    expect(await within(section).findByText('Indiquez un nombre entier de 0 à 100.')).toBeInTheDocument();
    // 0 % needs the mention.
    await user.clear(rate);
    await user.type(rate, '0');
    expect(within(section).queryByText('Indiquez un nombre entier de 0 à 100.')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('company-save'));
    expect(await within(section).findByText('Un taux de 0 % demande la mention d’exonération.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/settings/company')).toHaveLength(0);

    await user.type(exemption, `  ${mention}  `);
    expect(within(section).queryByText('Un taux de 0 % demande la mention d’exonération.')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('company-save'));
    expect(await screen.findByTestId('company-saved')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/settings/company')[0].body).toMatchObject({ tva_rate: 0, tva_exemption: mention });
    expect(exemption).toHaveValue(mention);

    // Back to 14 % without a mention: null is sent; the server's refusal lands under its field.
    await user.clear(exemption);
    await user.clear(rate);
    await user.type(rate, '14');
    await user.click(screen.getByTestId('company-save'));
    expect(await within(section).findByText('La mention compte au plus 300 caractères.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/settings/company')[1].body).toMatchObject({ tva_rate: 14, tva_exemption: null });
  });
});

describe('paying merchants on cash received', () => {
  it('pays only once the cash is validated unless the advance is ticked, sent with the whole identity', async () => {
    const user = userEvent.setup();
    const stored = {
      configured: true,
      name: 'Colivra SARL',
      address: '12 rue des Entrepreneurs',
      ice: '001234567000089',
      if: '12345678',
      rc: '123456',
      patente: null,
      cnss: null,
      invoices_in_reader_language: false,
      tva_rate: 20,
      tva_exemption: null,
      pay_before_cash_in: false,
    };
    const server = mockServer({
      'GET /api/settings/company': { status: 200, body: { data: stored } },
      'PUT /api/settings/company': (call) => ({ status: 200, body: { data: { ...stored, ...(call.body as object) } } }),
    });
    renderWithProviders(<CompanySettingsScreen />, { session: adminSession() });
    const section = await screen.findByTestId('company-payouts');
    expect(within(section).getByRole('heading', { name: 'Versements aux marchands' })).toBeInTheDocument();
    const advance = within(section).getByRole('switch', { name: 'Payer les marchands avant l’encaissement des espèces (avance)' });
    expect(advance).not.toBeChecked();
    expect(section).toHaveTextContent('Par défaut, un marchand n’est payé que sur les espèces encaissées : une fois que le livreur les a remises et que sa facture livreur est validée.');

    // Left as it is: false.
    await user.click(screen.getByTestId('company-save'));
    expect(await screen.findByTestId('company-saved')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/settings/company')[0].body).toMatchObject({ pay_before_cash_in: false, tva_rate: 20 });

    await user.click(advance);
    expect(advance).toBeChecked();
    await user.click(screen.getByTestId('company-save'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/settings/company')).toHaveLength(2));
    expect(server.callsTo('PUT', '/api/settings/company')[1].body).toEqual({
      name: 'Colivra SARL',
      address: '12 rue des Entrepreneurs',
      ice: '001234567000089',
      if: '12345678',
      rc: '123456',
      patente: '',
      cnss: '',
      invoices_in_reader_language: false,
      tva_rate: 20,
      tva_exemption: null,
      pay_before_cash_in: true,
    });
    // The stored answer is what the form keeps: still ticked.
    await waitFor(() => expect(within(screen.getByTestId('company-payouts')).getByRole('switch')).toBeChecked());
  });
});

describe("a merchant's ICE", () => {
  it('is sent from the profile only once changed, its refusal under the field', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'PUT /api/users': [
        { status: 200, body: { data: merchantSession().user_data } },
        { status: 422, body: { message: 'Données invalides.', errors: { ice: ['L’ICE compte exactement 15 chiffres.'] } } },
      ],
    });
    renderWithProviders(<ProfileInfoCard />, { session: merchantSession({}, { ice: '002345678000012' }) });
    const ice = await screen.findByLabelText(/^ICE/);
    expect(ice).toHaveValue('002345678000012');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/users')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/users')[0].body).not.toHaveProperty('ice');
    await user.clear(ice);
    await user.type(ice, '0023 4567');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('L’ICE compte exactement 15 chiffres.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/users')[1].body).toMatchObject({ ice: '00234567' });
  });

  it('is not asked of staff and delivery people on their profile', async () => {
    mockServer({});
    renderWithProviders(<ProfileInfoCard />, { session: adminSession() });
    await screen.findByLabelText(/^Téléphone/);
    expect(screen.queryByLabelText(/^ICE/)).not.toBeInTheDocument();
  });

  it('may be given at registration, without spaces', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/user': [{ status: 401 }, { status: 200, body: merchantSession({ active: false }) }],
      'GET /sanctum/csrf-cookie': { status: 204 },
      'GET /api/cities/served': { status: 200, body: { data: [{ key: 'RBA', name: 'Rabat' }] } },
      'POST /api/clients': { status: 201, body: merchantSession({ active: false }) },
    });
    renderApp('/compte/inscription');
    const fill = async (label: RegExp, value: string) => user.type(await screen.findByLabelText(label), value);
    await fill(/^Prénom/, 'Samira');
    await fill(/^Nom/, 'Bennani');
    await fill(/^Adresse e-mail/, 'samira@example.ma');
    await fill(/^Téléphone/, '0612345678');
    await fill(/^Ville/, 'Rabat');
    await user.click(await screen.findByRole('option', { name: 'Rabat' }));
    await fill(/^ICE/, '004 567 890 000 034');
    await fill(/^Mot de passe/, 'Argan-Tajine-2026');
    await fill(/^Confirmation du mot de passe/, 'Argan-Tajine-2026');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    await screen.findByTestId('activation-card');
    expect(server.callsTo('POST', '/api/clients')[0].body).toMatchObject({ ice: '004567890000034', city: 'Rabat' });
  });
});
