import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { today } from '../../components/dates';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { Role, RouteDef } from '../../navigation/types';
import { adminSession, merchantSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer, type RecordedCall } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import type { MerchantInvoice, PaymentMethod } from '../../components/invoice/api';
import { InvoiceDrawer } from './InvoiceDrawer';
import InvoicesScreen from './InvoicesScreen';
import { NO_TVA, merchantInvoice, line, linesReply, tvaOf } from './testData';

function routeOf(role: Role, name: string): RouteDef {
  return ROLE_ROUTES[role].find((r) => r.name === name)!;
}

const LINES = [line('K1', {}, 'client'), line('K2', { cod_amount: 20000, amount: 16500 }, 'client')];

/** One client invoice the admin trims, validates and marks paid; the payment is refused once (422). */
function invoiceServer(initial: MerchantInvoice) {
  let invoice = initial;
  let lines = LINES;
  let payments = 0;
  return mockServer({
    'GET /api/clients/invoices': (call) => listReply([invoice], call.query),
    'GET /api/clients/invoices/FC1': () => ({ status: 200, body: { data: invoice } }),
    'GET /api/clients/parcels/invoices/FC1': () => linesReply(lines),
    'GET /api/clients': (call) => listReply([], call.query),
    'PUT /api/clients/invoices/FC1': (call: RecordedCall) => {
      const body = call.body as { parcels?: string[]; status?: string; payment_method?: PaymentMethod; payment_reference?: string; paid_on?: string };
      if (body.parcels) {
        lines = lines.filter((l) => body.parcels!.includes(l.parcel));
        invoice = { ...invoice, parcels_count: lines.length, cod_total: 24900, fees_total: 3500, total: 21400 };
      } else if (body.status === 'validated') {
        invoice = { ...invoice, status: 'validated', status_label: 'Validée', number: 'FC-2026-000003', validated_at: '2026-03-06T10:00:00Z' };
      } else {
        payments += 1;
        if (payments === 1) return { status: 422, body: { message: 'Données invalides.', errors: { paid_on: ['La date ne peut pas être dans le futur.'] } } };
        invoice = {
          ...invoice,
          status: 'paid',
          status_label: 'Payée',
          payment_method: body.payment_method!,
          payment_reference: body.payment_reference ?? null,
          paid_on: body.paid_on!,
          paid_at: '2026-03-07T08:00:00Z',
        };
      }
      return { status: 200, body: { data: invoice } };
    },
  });
}

afterEach(() => vi.restoreAllMocks());

describe("the admin's client invoices", () => {
  it('takes a parcel off a draft, validates it, records the payment (a 422 under its field first)', async () => {
    const user = userEvent.setup();
    const server = invoiceServer(merchantInvoice('FC1'));
    renderWithProviders(<InvoicesScreen route={routeOf('admin', 'client-delivered-invoices')} />, { session: adminSession(), path: '/compte/factures-clients-livrees' });
    const row = (await screen.findAllByTestId('table-row'))[0];
    expect(server.callsTo('GET', '/api/clients/invoices')[0].query).toEqual({ page: '1', per_page: '25', status: 'draft', type: 'delivered' });
    expect(row).toHaveTextContent('Boutique Atlas');
    expect(row).toHaveTextContent('Atlas SARL');
    expect(within(row).getByTestId('invoice-row-total')).toHaveTextContent(/^379,00\sDH$/);
    await user.click(within(row).getByText('Boutique Atlas'));

    const detail = await screen.findByTestId('invoice-detail');
    await waitFor(() => expect(within(detail).getAllByTestId('table-row')).toHaveLength(2));
    expect(within(detail).getByTestId('invoice-details')).toHaveTextContent('0117 8000 0012 3456 7890 1234');
    // A draft: no payment yet.
    expect(within(detail).queryByTestId('invoice-pay')).not.toBeInTheDocument();

    await user.click(within(detail).getByRole('button', { name: 'Retirer K2' }));
    await user.click(within(await screen.findByTestId('invoice-remove-confirm')).getByTestId('confirm-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/clients/invoices/FC1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/clients/invoices/FC1')[0].body).toEqual({ parcels: ['K1'] });
    await waitFor(() => expect(within(detail).getAllByTestId('table-row')).toHaveLength(1));
    expect(within(detail).getByTestId('invoice-summary-total')).toHaveTextContent(/À verser214,00\sDH/);

    await user.click(within(detail).getByTestId('invoice-validate'));
    const confirm = await screen.findByTestId('invoice-validate-confirm');
    expect(confirm).toHaveTextContent(/1 colis, 214,00\sDH à verser à la boutique\./);
    await user.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/clients/invoices/FC1')).toHaveLength(2));
    expect(server.callsTo('PUT', '/api/clients/invoices/FC1')[1].body).toEqual({ status: 'validated' });
    expect(await screen.findByTestId('invoices-notice')).toHaveTextContent('Facture FC-2026-000003 validée.');
    await waitFor(() => expect(within(detail).getByTestId('invoice-number')).toHaveTextContent('FC-2026-000003'));
    expect(within(detail).queryByTestId('invoice-delete')).not.toBeInTheDocument();
    expect(within(detail).queryByTestId('row-action-remove')).not.toBeInTheDocument();

    await user.click(within(detail).getByTestId('invoice-pay'));
    const dialog = await screen.findByTestId('invoice-pay-dialog');
    expect(dialog).toHaveTextContent(/Le versement de 214,00\sDH à Boutique Atlas\./);
    expect(within(dialog).getByTestId('paid-on')).toHaveValue(today());
    // A transfer unless told otherwise.
    expect(within(dialog).getByRole('radio', { name: 'Virement' })).toBeChecked();
    // The reference is asked before anything is sent.
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Indiquez la référence du virement.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Référence du virement/ }), 'VIR-2026-0042');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(within(dialog).getByTestId('field-paid_on')).findByText('La date ne peut pas être dans le futur.')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-pay-dialog')).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/clients/invoices/FC1')).toHaveLength(4));
    expect(server.callsTo('PUT', '/api/clients/invoices/FC1')[3].body).toEqual({
      status: 'paid',
      payment_method: 'transfer',
      payment_reference: 'VIR-2026-0042',
      paid_on: today(),
    });
    expect(await screen.findByTestId('invoices-notice')).toHaveTextContent('Facture FC-2026-000003 payée.');
    await waitFor(() => expect(within(detail).getByTestId('invoice-status')).toHaveTextContent('Payée'));
    expect(within(detail).getByTestId('invoice-payment-reference')).toHaveTextContent('PaiementVirement n° VIR-2026-0042');
    // Paid: the total no longer says « À verser ».
    expect(within(detail).getByTestId('invoice-summary-total')).toHaveTextContent(/^Versé214,00\sDH$/);
  });

  it('exports the transfers as a CSV file and says how many invoices were left out for a missing RIB', async () => {
    const user = userEvent.setup();
    const csv = 'shop,rib,amount,invoice_number\nBoutique Atlas,011780000012345678901234,214.00,FC-2026-000003\n';
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:transfers';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const server = mockServer({
      'GET /api/clients/invoices': (call) => listReply([], call.query),
      'GET /api/clients': (call) => listReply([], call.query),
      'GET /api/clients/invoices/transfers': {
        status: 200,
        text: csv,
        headers: { 'Content-Type': 'text/csv', 'X-Skipped-Invoices': '2', 'Content-Disposition': 'attachment; filename="virements-2026-03-07.csv"' },
      },
    });
    renderWithProviders(<InvoicesScreen route={routeOf('admin', 'client-delivered-invoices')} />, { session: adminSession() });
    expect(await screen.findByTestId('table-empty')).toHaveTextContent('Aucune facture de colis livrés dans cette liste.');
    await user.click(screen.getByTestId('invoices-transfers'));
    const notice = await screen.findByTestId('invoices-notice');
    expect(notice).toHaveTextContent('Fichier des virements téléchargé : 1 virement. 2 factures laissées de côté faute de RIB.');
    expect(server.callsTo('GET', '/api/clients/invoices/transfers')).toHaveLength(1);
    expect(clicked).toHaveLength(1);
    expect(clicked[0].download).toBe('virements-2026-03-07.csv');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]);
    });
    expect(text).toBe(csv);
  });

  it('offers no transfers export on the returned invoices', async () => {
    mockServer({ 'GET /api/clients/invoices': (call) => listReply([], call.query), 'GET /api/clients': (call) => listReply([], call.query) });
    renderWithProviders(<InvoicesScreen route={routeOf('admin', 'client-returned-invoices')} />, { session: adminSession() });
    expect(await screen.findByTestId('table-empty')).toHaveTextContent('Aucune facture de colis retournés dans cette liste.');
    expect(screen.queryByTestId('invoices-transfers')).not.toBeInTheDocument();
  });
});

describe("the merchant's invoices", () => {
  it('lists his delivered-parcel invoices, opens one with its parcels and prints it, and changes nothing', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const paid = merchantInvoice('FC1', {
      number: 'FC-2026-000003',
      status: 'paid',
      status_label: 'Payée',
      validated_at: '2026-03-06T10:00:00Z',
      payment_method: 'transfer',
      payment_reference: 'VIR-2026-0042',
      paid_on: '2026-03-07',
    });
    const server = mockServer({
      'GET /api/clients/invoices': (call) => listReply([paid], call.query),
      'GET /api/clients/invoices/FC1': { status: 200, body: { data: paid } },
      'GET /api/clients/parcels/invoices/FC1': linesReply(LINES),
    });
    renderWithProviders(<InvoicesScreen route={routeOf('client', 'completed-invoices')} />, { session: merchantSession(), path: '/compte/factures-livrees' });
    const row = (await screen.findAllByTestId('table-row'))[0];
    expect(server.callsTo('GET', '/api/clients/invoices')[0].query).toEqual({ page: '1', per_page: '25', type: 'delivered' });
    expect(row).toHaveTextContent('FC-2026-000003');
    expect(row).toHaveTextContent('Payée');
    expect(row).toHaveTextContent(/379,00\sDH/);
    // No merchant filter, no export for him.
    expect(screen.queryByTestId('invoices-transfers')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Marchand')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('tab-paid'));
    await waitFor(() => expect(server.callsTo('GET', '/api/clients/invoices').at(-1)!.query).toMatchObject({ status: 'paid', type: 'delivered' }));

    await user.click(within(screen.getAllByTestId('table-row')[0]).getByText('FC-2026-000003'));
    const detail = await screen.findByTestId('invoice-detail');
    await waitFor(() => expect(within(detail).getAllByTestId('table-row')).toHaveLength(2));
    expect(within(detail).getByTestId('invoice-payment-reference')).toHaveTextContent('Virement n° VIR-2026-0042');
    expect(within(detail).getByTestId('invoice-details')).not.toHaveTextContent('Atlas SARL');
    for (const action of ['invoice-validate', 'invoice-pay', 'invoice-delete', 'row-action-remove']) {
      expect(within(detail).queryByTestId(action)).not.toBeInTheDocument();
    }
    await user.click(within(detail).getByTestId('invoice-print'));
    expect(open).toHaveBeenCalledWith('/api/clients/invoices/FC1/pdf', 'colivra-client-invoice', 'width=1000,height=600');
  });

  it('lists his returned-parcel invoices, whose total he owes', async () => {
    const owed = merchantInvoice('FC2', { type: 'returned', number: 'FC-2026-000004', status: 'validated', status_label: 'Validée', cod_total: 0, fees_total: 3000, total: -3000 });
    const server = mockServer({ 'GET /api/clients/invoices': (call) => listReply([owed], call.query) });
    renderWithProviders(<InvoicesScreen route={routeOf('client', 'returned-invoices')} />, { session: merchantSession() });
    const row = (await screen.findAllByTestId('table-row'))[0];
    expect(server.callsTo('GET', '/api/clients/invoices')[0].query).toEqual({ page: '1', per_page: '25', type: 'returned' });
    // « Dû par le marchand 30,00 DH », not a double negative.
    expect(within(row).getByTestId('invoice-row-total')).toHaveTextContent(/^30,00\sDH$/);
    expect(screen.getByRole('columnheader', { name: 'Dû par le marchand' })).toBeInTheDocument();
  });
});

/** The drawer of one client invoice, the PUT answering the invoice it was sent (paid). */
function drawerServer(initial: MerchantInvoice) {
  let invoice = initial;
  return mockServer({
    'GET /api/clients/invoices/FC1': () => ({ status: 200, body: { data: invoice } }),
    'GET /api/clients/parcels/invoices/FC1': () => linesReply(LINES),
    'PUT /api/clients/invoices/FC1': (call: RecordedCall) => {
      const body = call.body as { payment_method: PaymentMethod; payment_reference?: string; paid_on: string };
      invoice = { ...invoice, status: 'paid', status_label: 'Payée', payment_method: body.payment_method, payment_reference: body.payment_reference ?? null, paid_on: body.paid_on };
      return { status: 200, body: { data: invoice } };
    },
  });
}

function renderDrawer(role: Role = 'admin') {
  return renderWithProviders(<InvoiceDrawer family="client" invoiceKey="FC1" role={role} onClose={() => undefined} notify={() => undefined} />, {
    session: role === 'admin' ? adminSession() : merchantSession(),
  });
}

const VALIDATED = { number: 'FC-2026-000003', status: 'validated', status_label: 'Validée', validated_at: '2026-03-06T10:00:00Z' } as const;

describe('recording a payment by transfer, cheque or cash', () => {
  it('asks a cheque its number, sends the method, and words the payment « Chèque n° … »', async () => {
    const user = userEvent.setup();
    const server = drawerServer(merchantInvoice('FC1', VALIDATED));
    renderDrawer();
    const detail = await screen.findByTestId('invoice-detail');
    await user.click(within(detail).getByTestId('invoice-pay'));
    const dialog = await screen.findByTestId('invoice-pay-dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Chèque' }));
    // The reference field follows the method: its label, its help, still required.
    const number = within(dialog).getByRole('textbox', { name: /Numéro du chèque/ });
    expect(number).toBeRequired();
    expect(within(dialog).getByTestId('field-payment_reference')).toHaveTextContent('Le numéro imprimé sur le chèque.');
    expect(within(dialog).queryByRole('textbox', { name: /Référence du virement/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Indiquez le numéro du chèque.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/clients/invoices/FC1')).toHaveLength(0);
    await user.type(number, ' 0012345 ');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/clients/invoices/FC1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/clients/invoices/FC1')[0].body).toEqual({
      status: 'paid',
      payment_method: 'cheque',
      payment_reference: '0012345',
      paid_on: today(),
    });
    await waitFor(() => expect(within(detail).getByTestId('invoice-payment-reference')).toHaveTextContent('Chèque n° 0012345'));
    expect(within(detail).getByTestId('invoice-payment-reference')).not.toHaveTextContent('Virement');
  });

  it('asks cash for its receipt number: nothing is sent without it', async () => {
    const user = userEvent.setup();
    const server = drawerServer(merchantInvoice('FC1', VALIDATED));
    renderDrawer();
    await user.click(within(await screen.findByTestId('invoice-detail')).getByTestId('invoice-pay'));
    const dialog = await screen.findByTestId('invoice-pay-dialog');
    await user.click(within(dialog).getByTestId('pay-method-cash'));
    const receipt = within(dialog).getByRole('textbox', { name: /Numéro du reçu de caisse/ });
    expect(receipt).toBeRequired();
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Indiquez le numéro du reçu de caisse.')).toBeInTheDocument();
    expect(server.callsTo('PUT', '/api/clients/invoices/FC1')).toHaveLength(0);
  });

  it('sends the cash receipt number and words it « Espèces, reçu n° … »', async () => {
    const user = userEvent.setup();
    const server = drawerServer(merchantInvoice('FC1', VALIDATED));
    renderDrawer();
    await user.click(within(await screen.findByTestId('invoice-detail')).getByTestId('invoice-pay'));
    const dialog = await screen.findByTestId('invoice-pay-dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Espèces' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Numéro du reçu de caisse/ }), 'R-77');
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(server.callsTo('PUT', '/api/clients/invoices/FC1')).toHaveLength(1));
    expect(server.callsTo('PUT', '/api/clients/invoices/FC1')[0].body).toEqual({ status: 'paid', payment_method: 'cash', payment_reference: 'R-77', paid_on: today() });
    await waitFor(() => expect(screen.getByTestId('invoice-payment-reference')).toHaveTextContent('Espèces, reçu n° R-77'));
  });

  it('shows the method and reference a 422 refuses under their fields', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/clients/invoices/FC1': { status: 200, body: { data: merchantInvoice('FC1', VALIDATED) } },
      'GET /api/clients/parcels/invoices/FC1': linesReply(LINES),
      'PUT /api/clients/invoices/FC1': {
        status: 422,
        body: { message: 'Données invalides.', errors: { payment_method: ['Mode de paiement inconnu.'], payment_reference: ['Ce chèque est déjà enregistré.'] } },
      },
    });
    renderDrawer();
    await user.click(within(await screen.findByTestId('invoice-detail')).getByTestId('invoice-pay'));
    const dialog = await screen.findByTestId('invoice-pay-dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Chèque' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Numéro du chèque/ }), '0012345');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(within(dialog).getByTestId('field-payment_method')).findByText('Mode de paiement inconnu.')).toBeInTheDocument();
    expect(within(within(dialog).getByTestId('field-payment_reference')).getByText('Ce chèque est déjà enregistré.')).toBeInTheDocument();
  });
});

describe("a client invoice's TVA", () => {
  it('shows the fees before tax, the TVA at its rate and the fees with it, the COD apart', async () => {
    mockServer({
      'GET /api/clients/invoices/FC1': { status: 200, body: { data: merchantInvoice('FC1', { ...VALIDATED, ...tvaOf(7000) }) } },
      'GET /api/clients/parcels/invoices/FC1': linesReply(LINES),
    });
    renderDrawer('client');
    const tva = await screen.findByTestId('invoice-tva');
    expect(within(tva).getByTestId('invoice-tva-ht')).toHaveTextContent(/^Frais HT58,33\sDH$/);
    expect(within(tva).getByTestId('invoice-tva-amount')).toHaveTextContent(/^TVA \(20\s%\)11,67\sDH$/);
    expect(within(tva).getByTestId('invoice-tva-ttc')).toHaveTextContent(/^Frais TTC70,00\sDH$/);
    expect(within(tva).queryByTestId('invoice-tva-exemption')).not.toBeInTheDocument();
    expect(tva).toHaveTextContent('Les sommes encaissées pour le compte de la boutique (débours) ne portent pas de TVA.');
    // The cash collected stays in the totals, outside the TVA block.
    expect(within(tva).queryByText(/449,00/)).not.toBeInTheDocument();
    expect(screen.getByTestId('invoice-summary-cod')).toHaveTextContent(/449,00\sDH/);
  });

  it('prints the exemption mention instead of the TVA line', async () => {
    const mention = 'Exonéré de TVA en vertu de l’article 91 du CGI';
    mockServer({
      'GET /api/clients/invoices/FC1': {
        status: 200,
        body: { data: merchantInvoice('FC1', { ...VALIDATED, tva_rate: 0, tva_exemption: mention, fees_ht: 7000, tva_amount: 0, fees_ttc: 7000 }) },
      },
      'GET /api/clients/parcels/invoices/FC1': linesReply(LINES),
    });
    renderDrawer();
    const tva = await screen.findByTestId('invoice-tva');
    expect(within(tva).getByTestId('invoice-tva-exemption')).toHaveTextContent(mention);
    expect(within(tva).queryByTestId('invoice-tva-amount')).not.toBeInTheDocument();
    expect(within(tva).getByTestId('invoice-tva-ht')).toHaveTextContent(/70,00\sDH/);
    expect(within(tva).getByTestId('invoice-tva-ttc')).toHaveTextContent(/70,00\sDH/);
  });

  it('shows no TVA block on an invoice validated before TVA existed', async () => {
    mockServer({
      'GET /api/clients/invoices/FC1': { status: 200, body: { data: merchantInvoice('FC1', { ...VALIDATED, ...NO_TVA }) } },
      'GET /api/clients/parcels/invoices/FC1': linesReply(LINES),
    });
    renderDrawer();
    expect(await screen.findByTestId('invoice-summary')).toBeInTheDocument();
    expect(screen.queryByTestId('invoice-tva')).not.toBeInTheDocument();
    expect(screen.queryByText(/Frais HT/)).not.toBeInTheDocument();
  });
});

describe('which RIB an invoice is paid to', () => {
  function serveInvoice(invoice: MerchantInvoice) {
    return mockServer({
      'GET /api/clients/invoices/FC1': { status: 200, body: { data: invoice } },
      'GET /api/clients/parcels/invoices/FC1': linesReply(LINES),
    });
  }

  it('says a validated invoice kept no RIB when none was approved at its validation (a draft still says it is missing)', async () => {
    // The shop has a RIB now, approved after the validation: not the invoice's.
    serveInvoice(merchantInvoice('FC1', { ...VALIDATED, bank_account: null }));
    const validated = renderDrawer();
    const details = await screen.findByTestId('invoice-details');
    expect(within(details).getByTestId('rib-none-at-validation')).toHaveTextContent('Aucun RIB approuvé à la validation');
    expect(within(details).queryByTestId('rib-missing')).not.toBeInTheDocument();
    expect(within(details).queryByTestId('invoice-rib')).not.toBeInTheDocument();
    validated.unmount();

    serveInvoice(merchantInvoice('FC1', { shop: { key: 'S1', name: 'Boutique Atlas', bank_account: null }, bank_account: null }));
    renderDrawer();
    const draft = await screen.findByTestId('invoice-details');
    expect(within(draft).getByTestId('rib-missing')).toHaveTextContent('RIB manquant');
    expect(within(draft).queryByTestId('rib-none-at-validation')).not.toBeInTheDocument();
  });

  it('shows the RIB a transfer paid, beside the payment: masked for an admin, in full for the merchant', async () => {
    const paid = {
      ...VALIDATED,
      status: 'paid',
      status_label: 'Payée',
      bank_account: '•••• 1234',
      payment_method: 'transfer',
      payment_reference: 'VIR-2026-0042',
      paid_on: '2026-03-07',
      paid_at: '2026-03-07T08:00:00Z',
    } as const;
    serveInvoice(merchantInvoice('FC1', { ...paid, paid_bank_account: '•••• 9813' }));
    const admin = renderDrawer();
    const payment = await screen.findByTestId('invoice-payment-reference');
    expect(payment).toHaveTextContent('Virement n° VIR-2026-0042');
    expect(within(payment).getByTestId('invoice-paid-rib')).toHaveTextContent('Payée au RIB •••• 9813');
    admin.unmount();

    serveInvoice(merchantInvoice('FC1', { ...paid, bank_account: '011780000012345678901234', paid_bank_account: '007780000055556666777703' }));
    renderDrawer('client');
    expect(await screen.findByTestId('invoice-paid-rib')).toHaveTextContent('Payée au RIB 0077 8000 0055 5566 6677 7703');
  });

  it('says nothing of a RIB for a payment by cheque', async () => {
    serveInvoice(
      merchantInvoice('FC1', { ...VALIDATED, status: 'paid', status_label: 'Payée', payment_method: 'cheque', payment_reference: '0012345', paid_on: '2026-03-07', paid_bank_account: null }),
    );
    renderDrawer();
    expect(await screen.findByTestId('invoice-payment-reference')).toHaveTextContent('Chèque n° 0012345');
    expect(screen.queryByTestId('invoice-paid-rib')).not.toBeInTheDocument();
  });
});

describe("the merchant's account on his invoices", () => {
  it('shows a delivered invoice’s deduction for the account between the fees and the net, in the totals and under the lines', async () => {
    const deducted = merchantInvoice('FC1', { ...VALIDATED, deducted: 3000, deducted_for: ['FC-2026-000012'], total: 34900 });
    mockServer({
      'GET /api/clients/invoices/FC1': { status: 200, body: { data: deducted } },
      'GET /api/clients/parcels/invoices/FC1': { status: 200, body: { data: LINES, carried_balance: { label: 'Frais de retour FC-2026-000012 déduits', amount: -3000 } } },
    });
    renderDrawer('client');
    const summary = await screen.findByTestId('invoice-summary');
    const rows = [...summary.querySelectorAll('[data-testid^="invoice-summary-"]:not([data-testid$="-value"])')].map((row) => row.getAttribute('data-testid'));
    // Fees, then the deduction, then the net.
    expect(rows).toEqual(['invoice-summary-count', 'invoice-summary-cod', 'invoice-summary-deductions', 'invoice-summary-carried', 'invoice-summary-total']);
    expect(within(summary).getByTestId('invoice-summary-carried')).toHaveTextContent(/^Frais de retour FC-2026-000012 déduits−30,00\sDH$/);
    expect(within(summary).getByTestId('invoice-summary-total')).toHaveTextContent(/^À verser349,00\sDH$/);
    expect(await screen.findByTestId('invoice-carried-line')).toHaveTextContent(/^Frais de retour FC-2026-000012 déduits−30,00\sDH$/);
    // No settlement block on a delivered invoice.
    expect(screen.queryByTestId('invoice-settlement')).not.toBeInTheDocument();
  });

  it('shows no deduction line when nothing was deducted', async () => {
    mockServer({
      'GET /api/clients/invoices/FC1': { status: 200, body: { data: merchantInvoice('FC1', VALIDATED) } },
      'GET /api/clients/parcels/invoices/FC1': linesReply(LINES),
    });
    renderDrawer();
    expect(await screen.findByTestId('invoice-summary')).toBeInTheDocument();
    expect(screen.queryByTestId('invoice-summary-carried')).not.toBeInTheDocument();
  });

  it('shows what is still owed on a returned invoice and how it was settled, offering no payment but the merchant’s account', async () => {
    const returned = merchantInvoice('FC1', {
      ...VALIDATED,
      number: 'FC-2026-000012',
      type: 'returned',
      cod_total: 0,
      fees_total: 5000,
      total: -5000,
      outstanding: 1000,
      settled_by: [
        { kind: 'deduction', invoice: 'FC-2026-000020', reference: null, amount: 2500, created_at: '2026-03-08T10:00:00Z' },
        { kind: 'payment', invoice: null, reference: 'CHQ-0042', amount: 1000, created_at: '2026-03-09T10:00:00Z' },
        { kind: 'write_off', invoice: null, reference: null, amount: 500, created_at: '2026-03-10T10:00:00Z' },
      ],
    });
    mockServer({
      'GET /api/clients/invoices/FC1': { status: 200, body: { data: returned } },
      'GET /api/clients/parcels/invoices/FC1': linesReply([line('K1', { status: 'returned', status_label: 'Retourné', cod_amount: 0, fee: 5000, amount: -5000 }, 'client')]),
    });
    const admin = renderDrawer();
    const detail = await screen.findByTestId('invoice-detail');
    expect(within(detail).getByTestId('invoice-outstanding')).toHaveTextContent(/^Reste dû10,00\sDH$/);
    const items = within(detail).getAllByTestId('invoice-settled-by-item');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Déduite sur FC-2026-000020.*25,00\sDH$/),
      expect.stringMatching(/^Paiement réf\. CHQ-0042.*10,00\sDH$/),
      expect.stringMatching(/^Remise.*5,00\sDH$/),
    ]);
    expect(within(detail).getByTestId('invoice-summary-total')).toHaveTextContent(/^Dû par le marchand50,00\sDH$/);
    // Settled through the account: no « Enregistrer le paiement », a link to his account instead.
    expect(within(detail).queryByTestId('invoice-pay')).not.toBeInTheDocument();
    const through = within(detail).getByTestId('invoice-through-account');
    expect(through).toHaveTextContent('Se règle par le compte du marchand');
    expect(within(through).getByTestId('invoice-account-link')).toHaveAttribute('href', '/compte/comptes-marchands?owing=false&marchand=M1');
    admin.unmount();

    // The merchant: his account is on his dashboard; once settled, it says so.
    mockServer({
      'GET /api/clients/invoices/FC1': { status: 200, body: { data: { ...returned, outstanding: 0 } } },
      'GET /api/clients/parcels/invoices/FC1': linesReply([]),
    });
    renderDrawer('client');
    const mine = await screen.findByTestId('invoice-detail');
    expect(within(mine).getByTestId('invoice-outstanding-value')).toHaveTextContent(/^Réglée$/);
    expect(within(mine).getByTestId('invoice-summary-total')).toHaveTextContent(/^Réglé par le marchand50,00\sDH$/);
    expect(within(within(mine).getByTestId('invoice-through-account')).getByTestId('invoice-account-link')).toHaveAttribute('href', '/compte/accueille');
  });

  it('lists what is still owed on each returned invoice', async () => {
    const owed = merchantInvoice('FC2', { type: 'returned', number: 'FC-2026-000004', status: 'validated', status_label: 'Validée', cod_total: 0, fees_total: 3000, total: -3000, outstanding: 1200 });
    mockServer({ 'GET /api/clients/invoices': (call) => listReply([owed, { ...owed, key: 'FC3', number: 'FC-2026-000005', outstanding: 0 }], call.query) });
    renderWithProviders(<InvoicesScreen route={routeOf('client', 'returned-invoices')} />, { session: merchantSession() });
    const rows = await screen.findAllByTestId('table-row');
    expect(within(rows[0]).getByTestId('invoice-row-outstanding')).toHaveTextContent(/^12,00\sDH$/);
    expect(within(rows[1]).getByTestId('invoice-row-outstanding')).toHaveTextContent(/^Réglée$/);
    expect(screen.getByRole('columnheader', { name: 'Reste dû' })).toBeInTheDocument();
  });

  it('shows the server’s refusal to pay a delivered invoice while the merchant’s account is negative (409)', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/clients/invoices/FC1': { status: 200, body: { data: merchantInvoice('FC1', VALIDATED) } },
      'GET /api/clients/parcels/invoices/FC1': linesReply(LINES),
      'PUT /api/clients/invoices/FC1': { status: 409, body: { message: 'Le compte du marchand est débiteur : réglez-le avant de payer.' } },
    });
    renderDrawer();
    await user.click(within(await screen.findByTestId('invoice-detail')).getByTestId('invoice-pay'));
    const dialog = await screen.findByTestId('invoice-pay-dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Référence du virement/ }), 'VIR-1');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Le compte du marchand est débiteur : réglez-le avant de payer.')).toBeInTheDocument();
  });
});
