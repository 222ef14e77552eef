import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { merchantSession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import type { Shop } from '../../components/shop/api';
import AddParcelsScreen from './AddParcelsScreen';
import type { ImportPreview, ParcelBody } from '../../components/parcel/api';
import { parcel } from '../../components/parcel/testData';

function shop(key: string, name: string): Shop {
  return {
    key,
    name,
    phone: '0522000000',
    address: 'Maarif',
    city: 'CASA',
    city_name: 'Casablanca',
    bank_account: null,
    client: 'M1',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  };
}

const cities = [
  { key: 'CASA', name: 'Casablanca', delivery_fee: 3500, return_fee: 1000, refusal_fee: 1500, active: true, created_at: '', updated_at: '' },
  { key: 'RBA', name: 'Rabat', delivery_fee: 3500, return_fee: 1000, refusal_fee: 1500, active: true, created_at: '', updated_at: '' },
];

const HEADER = 'boutique;reference;destinataire;telephone;telephone_2;ville;adresse;montant;produit;quantite;note;ouvrable;essayable;fragile;type;colis_origine;article_a_recuperer';

function preview(rows: ImportPreview['rows']): ImportPreview {
  const errors = rows.filter((row) => Object.keys(row.errors).length > 0).length;
  return { rows, valid_count: rows.length - errors, error_count: errors };
}

const goodRow = (line: number) => ({
  line,
  input: { recipient_name: `Client ${line}`, recipient_phone: '0612345678', city: 'Casablanca', cod_amount: 12000, product: 'Sac' },
  errors: {},
});

describe('add new parcels', () => {
  it('creates parcels from the keyboard: Enter saves, the next one keeps the shop and the city', async () => {
    const user = userEvent.setup();
    let created = 0;
    const server = mockServer({
      'GET /api/shops': listReply([shop('S1', 'Boutique Atlas')]),
      'GET /api/cities': (call) => listReply(cities.filter((c) => !call.query.q || c.name.toLowerCase().includes(call.query.q.toLowerCase()))),
      'POST /api/parcels': () => {
        created += 1;
        return { status: 201, body: { data: parcel(`CLV00${created}`) } };
      },
    });
    renderWithProviders(<AddParcelsScreen />, { session: merchantSession(), path: '/compte/ajouter-de-nouveaux-colis' });
    const name = await screen.findByLabelText(/^Nom du destinataire/);
    // One shop: chosen for the merchant, no shop field.
    expect(screen.queryByTestId('field-shop')).not.toBeInTheDocument();
    expect(name).toHaveFocus();

    await user.keyboard('Amina Benali');
    await user.tab();
    await user.keyboard('0612345678');
    await user.tab();
    await user.tab();
    await user.keyboard('casa');
    await screen.findByRole('option', { name: 'Casablanca' });
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText(/^Ville/)).toHaveValue('Casablanca');
    await user.tab();
    await user.keyboard('12 rue des Orangers');
    await user.tab();
    await user.keyboard('249,50');
    await user.tab();
    await user.keyboard("Robe d'été{Enter}");

    await waitFor(() => expect(server.callsTo('POST', '/api/parcels')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/parcels')[0].body).toEqual({
      shop: 'S1',
      recipient_name: 'Amina Benali',
      recipient_phone: '0612345678',
      city: 'CASA',
      address: '12 rue des Orangers',
      cod_amount: 24950,
      product: "Robe d'été",
      quantity: 1,
      can_open: false,
      can_try: false,
      fragile: false,
      kind: 'standard',
    } satisfies ParcelBody);
    expect(await screen.findByTestId('parcel-created')).toHaveTextContent('Colis CLV001 créé.');
    // The next parcel: same shop and city, everything else empty, the name field focused again.
    await waitFor(() => expect(screen.getByLabelText(/^Nom du destinataire/)).toHaveFocus());
    expect(screen.getByLabelText(/^Nom du destinataire/)).toHaveValue('');
    expect(screen.getByLabelText(/^Montant à encaisser/)).toHaveValue('');
    expect(screen.getByLabelText(/^Ville/)).toHaveValue('Casablanca');
    // A refund pays the recipient: its amount says so, and says it again once back to a delivery.
    await user.click(screen.getByRole('radio', { name: 'Remboursement' }));
    expect(screen.getByLabelText(/^Montant à rembourser au destinataire/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Montant à encaisser/)).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Livraison' }));
    await user.click(screen.getByLabelText(/^Nom du destinataire/));

    await user.keyboard('Youssef Alami');
    await user.click(screen.getByLabelText(/^Téléphone/));
    await user.keyboard('0700112233');
    await user.click(screen.getByLabelText(/^Adresse/));
    await user.keyboard('Hay Riad');
    await user.click(screen.getByLabelText(/^Montant à encaisser/));
    await user.keyboard('100');
    await user.click(screen.getByLabelText(/^Produit/));
    await user.keyboard('Montre{Enter}');
    await waitFor(() => expect(server.callsTo('POST', '/api/parcels')).toHaveLength(2));
    expect(server.callsTo('POST', '/api/parcels')[1].body).toMatchObject({ shop: 'S1', city: 'CASA', recipient_name: 'Youssef Alami', cod_amount: 10000 });
    expect(await screen.findByTestId('parcel-created')).toHaveTextContent('2 colis créés');
  });

  it("shows the server's messages under the fields (422), and the exchange fields", async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/shops': listReply([shop('S1', 'Boutique Atlas'), shop('S2', 'Atlas Outlet')]),
      'GET /api/cities': listReply(cities),
      'POST /api/parcels': {
        status: 422,
        body: {
          message: 'Les données sont invalides.',
          errors: { recipient_phone: ['Numéro marocain attendu : 0[5-7] suivi de 8 chiffres.'], original_parcel: ['Colis introuvable.'] },
        },
      },
    });
    renderWithProviders(<AddParcelsScreen />, { session: merchantSession() });
    await screen.findByTestId('parcel-form');
    // Several shops: the merchant chooses.
    await user.click(screen.getByTestId('save-another'));
    expect(await screen.findByText('Choisissez la boutique.')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('field-shop')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Atlas Outlet' }));

    expect(screen.queryByLabelText(/^Colis d'origine/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Échange' }));
    await user.type(screen.getByLabelText(/^Colis d'origine/), 'clv7k3qx9m2');
    await user.type(screen.getByLabelText(/^Article à récupérer/), 'Robe taille S');
    await user.type(screen.getByLabelText(/^Téléphone/), '0612345678');
    await user.click(screen.getByTestId('save-another'));
    expect(await within(screen.getByTestId('field-recipient_phone')).findByText(/Numéro marocain attendu/)).toBeInTheDocument();
    expect(within(screen.getByTestId('field-original_parcel')).getByText('Colis introuvable.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Téléphone/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('says a phone is not a Moroccan one under its field before sending anything', async () => {
    const user = userEvent.setup();
    const server = mockServer({
      'GET /api/shops': listReply([shop('S1', 'Boutique Atlas')]),
      'GET /api/cities': listReply(cities),
      'POST /api/parcels': { status: 201, body: { data: parcel('CLV001') } },
    });
    renderWithProviders(<AddParcelsScreen />, { session: merchantSession() });
    await user.type(await screen.findByLabelText(/^Nom du destinataire/), 'Amina Benali');
    await user.type(screen.getByLabelText(/^Téléphone/), '06123');
    await user.type(screen.getByLabelText(/^Deuxième téléphone/), '+33612345678');
    await user.click(screen.getByTestId('save-another'));
    const message = 'Numéro de téléphone marocain invalide (ex. 0612345678 ou +212612345678).';
    expect(await within(screen.getByTestId('field-recipient_phone')).findByText(message)).toBeInTheDocument();
    expect(within(screen.getByTestId('field-recipient_phone_alt')).getByText(message)).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/parcels')).toHaveLength(0);
    // Typing in a field takes its message away.
    await user.type(screen.getByLabelText(/^Téléphone/), '45678');
    expect(within(screen.getByTestId('field-recipient_phone')).queryByText(message)).not.toBeInTheDocument();
    expect(within(screen.getByTestId('field-recipient_phone_alt')).getByText(message)).toBeInTheDocument();
  });

  it("carries the server's length limits on its text fields", async () => {
    mockServer({ 'GET /api/shops': listReply([shop('S1', 'Boutique Atlas')]), 'GET /api/cities': listReply(cities) });
    renderWithProviders(<AddParcelsScreen />, { session: merchantSession() });
    // The limits of crates/parcels/src/parcel/validate.rs: a paste stops where the server would refuse.
    expect(await screen.findByLabelText(/^Nom du destinataire/)).toHaveAttribute('maxlength', '100');
    for (const [name, max] of [['address', '255'], ['product', '255'], ['reference', '64'], ['note', '500']]) {
      expect(screen.getByTestId(`field-${name}`).querySelector('input')).toHaveAttribute('maxlength', max);
    }
  });

  it('previews an import file with the errors of each row, then imports a correct one', async () => {
    const user = userEvent.setup();
    document.cookie = 'XSRF-TOKEN=jeton-test';
    const server = mockServer({
      'GET /api/shops': listReply([shop('S1', 'Boutique Atlas')]),
      'POST /api/parcels/import': (call) => {
        const text = String(call.body);
        if (call.query.dry_run === 'true') {
          return text.includes('MAUVAIS')
            ? {
                status: 200,
                body: preview([
                  goodRow(2),
                  {
                    line: 3,
                    input: { recipient_name: 'Karim', recipient_phone: 'MAUVAIS', city: 'Atlantis', cod_amount: null, product: 'Sac' },
                    errors: { recipient_phone: ['Numéro marocain attendu.'], city: ['Ville inconnue : Atlantis.'] },
                  },
                ]),
              }
            : { status: 200, body: preview([goodRow(2), goodRow(3)]) };
        }
        return { status: 201, body: { created: 2, keys: ['CLVA', 'CLVB'] } };
      },
    });
    renderWithProviders(<AddParcelsScreen />, { session: merchantSession() });
    await user.click(await screen.findByTestId('tab-import'));
    expect(screen.getByTestId('import-template')).toHaveAttribute('href', '/api/parcels/import/template');

    const bad = new File([`${HEADER}\n;;Amina;0612345678;;Casablanca;Maarif;120,00;Sac;1;;;;;;;\n;;Karim;MAUVAIS;;Atlantis;X;;Sac;1;;;;;;;\n`], 'colis.csv', { type: 'text/csv' });
    await user.upload(screen.getByTestId('import-file'), bad);
    const table = await screen.findByTestId('import-preview');
    const dryRun = server.callsTo('POST', '/api/parcels/import')[0];
    expect(dryRun.query).toEqual({ dry_run: 'true', shop: 'S1' });
    expect(dryRun.headers.get('Content-Type')).toBe('text/csv');
    expect(dryRun.headers.get('X-XSRF-TOKEN')).toBe('jeton-test');
    expect(String(dryRun.body)).toContain('Karim;MAUVAIS');
    expect(screen.getByTestId('import-valid-count')).toHaveTextContent('1 ligne valide');
    expect(screen.getByTestId('import-error-count')).toHaveTextContent('1 ligne à corriger');
    // Only the rows to fix are shown first; the whole file on demand.
    let rows = within(table).getAllByTestId('import-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveAttribute('data-error', 'true');
    expect(rows[0]).toHaveTextContent('Téléphone : Numéro marocain attendu.');
    expect(rows[0]).toHaveTextContent('Ville : Ville inconnue : Atlantis.');
    await user.click(within(table).getByRole('switch', { name: 'Seulement les lignes à corriger' }));
    rows = within(table).getAllByTestId('import-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveAttribute('data-error', 'false');
    expect(rows[0]).toHaveTextContent('120,00 DH');
    expect(screen.getByTestId('import-submit')).toBeDisabled();

    const good = new File([`${HEADER}\n;;Amina;0612345678;;Casablanca;Maarif;120,00;Sac;1;;;;;;;\n`], 'colis-ok.csv', { type: 'text/csv' });
    await user.upload(screen.getByTestId('import-file'), good);
    await waitFor(() => expect(screen.getByTestId('import-error-count')).toHaveTextContent('0 ligne à corriger'));
    await user.click(screen.getByTestId('import-submit'));
    expect(await screen.findByTestId('import-done')).toHaveTextContent('2 colis créés.');
    const imported = server.callsTo('POST', '/api/parcels/import').at(-1)!;
    expect(imported.query).toEqual({ shop: 'S1' });
    expect(String(imported.body)).toContain('Amina;0612345678');
    expect(screen.getByTestId('import-see-new')).toHaveAttribute('href', '/compte/nouveaux-colis');
  });

  it('shows the rows the server refused on import (422: nothing created) and a file it cannot read', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/shops': listReply([shop('S1', 'Boutique Atlas')]),
      'POST /api/parcels/import': (call) => {
        if (String(call.body).startsWith('pas un fichier')) {
          return { status: 422, body: { message: 'Les données sont invalides.', errors: { file: ['Colonnes manquantes : destinataire, telephone.'] } } };
        }
        if (call.query.dry_run === 'true') return { status: 200, body: preview([goodRow(2)]) };
        return {
          status: 422,
          body: {
            message: "1 ligne(s) à corriger : aucun colis n'a été créé.",
            ...preview([{ ...goodRow(2), errors: { reference: ['Cette référence existe déjà.'] } }]),
          },
        };
      },
    });
    renderWithProviders(<AddParcelsScreen />, { session: merchantSession() });
    await user.click(await screen.findByTestId('tab-import'));
    await user.upload(screen.getByTestId('import-file'), new File(['pas un fichier'], 'notes.csv', { type: 'text/csv' }));
    expect(await screen.findByTestId('import-error')).toHaveTextContent('Colonnes manquantes : destinataire, telephone.');
    expect(screen.queryByTestId('import-preview')).not.toBeInTheDocument();

    await user.upload(screen.getByTestId('import-file'), new File([`${HEADER}\n;R1;Amina;0612345678;;Casablanca;Maarif;120;Sac;1;;;;;;;\n`], 'colis.csv', { type: 'text/csv' }));
    await user.click(await screen.findByTestId('import-submit'));
    expect(await screen.findByTestId('import-error')).toHaveTextContent("1 ligne(s) à corriger : aucun colis n'a été créé.");
    expect(screen.getByTestId('import-row')).toHaveTextContent('Référence : Cette référence existe déjà.');
    expect(screen.getByTestId('import-submit')).toBeDisabled();
  });
});
