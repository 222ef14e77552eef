import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROLE_ROUTES } from '../../navigation/routes';
import type { Role, RouteDef } from '../../navigation/types';
import { adminSession, deliverySession } from '../../test/fixtures';
import { listReply } from '../../test/listReply';
import { mockServer } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import type { Parcel } from '../../components/parcel/api';
import { parcel, parcelPage } from '../../components/parcel/testData';
import RoundScreen from './RoundScreen';
import { DELIVERY_PERSON, voucher, voucherDetail } from '../../components/voucher/testData';
import VouchersScreen from './VouchersScreen';

function routeOf(role: Role, name: string): RouteDef {
  const route = ROLE_ROUTES[role].find((r) => r.name === name);
  if (!route) throw new Error(`no route ${name} for ${role}`);
  return route;
}

const out = (key: string, overrides: Partial<Parcel> = {}) =>
  parcel(key, { status: 'out_for_delivery', status_label: 'Mis en distribution', actions: ['state'], delivery_admin: 'D1', ...overrides });

function statistics(round: { cash_to_collect: number; cash_to_pay_out: number; net_cash: number }) {
  return {
    status: 200,
    body: {
      data: {
        total: 2,
        by_status: [],
        cod_collected: 0,
        to_be_paid: 0,
        delivery_rate: null,
        daily: [],
        money: { cash_held: 0, payouts_due: null, payouts_awaiting_cash: null, ready_to_transfer: null, paid_this_month: null, balance: 0, round },
      },
    },
  };
}

describe('refunds are cash paid out', () => {
  it('on the round: the cash to collect and to pay out apart, and a refund recorded as « Remboursé · … versés »', async () => {
    const user = userEvent.setup();
    mockServer({
      'GET /api/statistics': statistics({ cash_to_collect: 24900, cash_to_pay_out: 12000, net_cash: 12900 }),
      'GET /api/parcels': parcelPage([out('K1'), out('K2', { kind: 'refund', cod_amount: 12000, item_to_collect: 'Robe abîmée' })]),
    });
    renderWithProviders(<RoundScreen route={routeOf('delivery-admin', 'sent-parcels')} />, { session: deliverySession(), path: '/compte/colis-expedies' });
    const cash = await screen.findByTestId('round-cash');
    expect(within(cash).getByTestId('round-cash-figures-collect')).toHaveTextContent(/^À encaisser : 249,00\sDH$/);
    expect(within(cash).getByTestId('round-cash-figures-pay-out')).toHaveTextContent(/^À rembourser : 120,00\sDH$/);
    expect(within(cash).getByTestId('round-cash-figures-net')).toHaveTextContent(/^Net à encaisser : 129,00\sDH$/);

    const cards = await screen.findAllByTestId('round-card');
    await user.click(within(cards[1]).getByTestId('round-outcome'));
    let sheet = await screen.findByTestId('outcome-body');
    expect(within(sheet).getByTestId('outcome-amount')).toHaveTextContent(/^À rembourser : 120,00\sDH$/);
    expect(within(sheet).getByTestId('outcome-delivered')).toHaveTextContent(/^Remboursé · 120,00\sDH versés$/);
    expect(sheet.textContent).not.toMatch(/encaissés/);
    await user.click(within(sheet).getByRole('button', { name: 'Fermer' }));

    await user.click(within(cards[0]).getByTestId('round-outcome'));
    sheet = await screen.findByTestId('outcome-body');
    expect(within(sheet).getByTestId('outcome-delivered')).toHaveTextContent(/^Livré · 249,00\sDH encaissés$/);
  });

  it('on an exit voucher: collected, paid out and net; a return voucher says it moves no cash', async () => {
    const issued = { kind: 'exit' as const, status: 'issued' as const, status_label: 'Remis au livreur', client: null, shop: null, delivery_admin: DELIVERY_PERSON };
    const onIt = [out('CLV1AAAAAAA', { actions: [] }), out('CLV2BBBBBBB', { kind: 'refund', cod_amount: 12000, actions: [] })];
    mockServer({
      'GET /api/exit-vouchers': (call) => listReply([voucher('BS1EXITEXI', { ...issued, moves_cash: true, cash_to_collect: 24900, cash_to_pay_out: 12000, net_cash: 12900 })], call.query),
      'GET /api/exit-vouchers/BS1EXITEXI': voucherDetail('BS1EXITEXI', onIt, issued),
    });
    const view = renderWithProviders(<VouchersScreen route={routeOf('delivery-admin', 'exit-vouchers')} />, {
      session: deliverySession(),
      path: '/compte/bons-de-sortie?bon=BS1EXITEXI',
    });
    const detail = await screen.findByTestId('voucher-detail');
    expect(within(detail).getByTestId('voucher-cash-collect-value')).toHaveTextContent(/^249,00\sDH$/);
    expect(within(detail).getByTestId('voucher-cash-pay-out-value')).toHaveTextContent(/^120,00\sDH$/);
    expect(within(detail).getByTestId('voucher-cash-net-value')).toHaveTextContent(/^129,00\sDH$/);
    // The list shows the net, never the refund added to the cash.
    const row = (await screen.findAllByTestId('table-row'))[0];
    expect(row).toHaveTextContent(/129,00\sDH/);
    expect(row.textContent).not.toMatch(/369,00/);
    view.unmount();

    const back = { kind: 'return' as const, client: null, shop: null, delivery_admin: DELIVERY_PERSON };
    mockServer({
      'GET /api/return-vouchers': (call) => listReply([voucher('BT1RETURNS', back)], call.query),
      'GET /api/delivery-admins': listReply([]),
      'GET /api/return-vouchers/BT1RETURNS': voucherDetail('BT1RETURNS', [parcel('CLV3CCCCCCC', { status: 'returning', status_label: 'En retour', cod_amount: 31990 })], back),
    });
    renderWithProviders(<VouchersScreen route={routeOf('admin', 'delivery-return-vouchers')} />, {
      session: adminSession(),
      path: '/compte/bons-de-retour-livreur?bon=BT1RETURNS',
    });
    const summary = await screen.findByTestId('voucher-summary');
    expect(within(summary).getByTestId('voucher-no-cash')).toHaveTextContent('Aucun encaissement : ce bon ne transporte pas d’espèces.');
    expect(summary.textContent).not.toMatch(/319,90/);
    expect(within(summary).queryByTestId('voucher-total')).not.toBeInTheDocument();
  });
});
