import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../core/api';
import { crudEndpoints } from '../../core/crud';
import { adminSession } from '../../test/fixtures';
import { deferred } from '../../test/listReply';
import { mockServer, type MockReply } from '../../test/mockServer';
import { renderWithProviders } from '../../test/render';
import { ConfirmDialog } from './ConfirmDialog';
import type { FieldDef } from './fields';
import { FormDialog } from './FormDialog';

interface ThingForm {
  [field: string]: unknown;
  name: string;
  delivery_fee: number | null;
  active: boolean;
  permissions: string[];
}

const formApi = api.injectEndpoints({
  endpoints: (build) => {
    const things = crudEndpoints<ThingForm, ThingForm>(build, { path: 'things', tag: 'cities' });
    return { createFormThing: things.create, deleteFormThing: things.remove };
  },
});

const fields: FieldDef<ThingForm>[] = [
  { name: 'name', label: 'Nom', required: true, maxLength: 100 },
  { name: 'delivery_fee', label: 'Frais de livraison', type: 'money', required: true },
  { name: 'active', label: 'Active', type: 'switch' },
  {
    name: 'permissions',
    label: 'Permissions',
    type: 'checkboxes',
    groups: [{ label: 'Gestion', options: [{ value: 'shops', label: 'Boutiques' }, { value: 'staff', label: 'Équipe' }] }],
  },
];

function CreateHarness({ onSaved = () => undefined }: { onSaved?: () => void }) {
  const [open, setOpen] = useState(true);
  const [create] = formApi.useCreateFormThingMutation();
  return (
    <FormDialog<ThingForm>
      open={open}
      title="Nouvelle chose"
      fields={fields}
      initialValues={{ name: '', delivery_fee: 2500, active: true, permissions: ['staff'] }}
      onSubmit={(values) => create(values).unwrap()}
      onSaved={onSaved}
      onClose={() => setOpen(false)}
    />
  );
}

describe('FormDialog', () => {
  it("carries a field's length limit, so typing stops where the server would refuse", async () => {
    const user = userEvent.setup();
    renderWithProviders(<CreateHarness />, { session: adminSession() });
    const name = await screen.findByLabelText(/^Nom/);
    expect(name).toHaveAttribute('maxlength', '100');
    await user.type(name, 'x'.repeat(105));
    expect(name).toHaveValue('x'.repeat(100));
  });

  it('shows the money in dirhams and sends centimes, ticked boxes in option order, then closes', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    const server = mockServer({ 'POST /api/things': (call) => ({ status: 201, body: { data: call.body } }) });
    renderWithProviders(<CreateHarness onSaved={onSaved} />, { session: adminSession() });
    const dialog = await screen.findByTestId('form-dialog');
    const fee = within(dialog).getByLabelText(/^Frais de livraison/);
    expect(fee).toHaveValue('25,00');
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Tétouan');
    await user.clear(fee);
    await user.type(fee, '32,5');
    await user.click(within(dialog).getByLabelText('Boutiques'));
    await user.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(screen.queryByTestId('form-dialog')).not.toBeInTheDocument());
    expect(server.callsTo('POST', '/api/things')[0].body).toEqual({
      name: 'Tétouan',
      delivery_fee: 3250,
      active: true,
      permissions: ['shops', 'staff'],
    });
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('refuses an amount that is not one, without calling the server', async () => {
    const user = userEvent.setup();
    const server = mockServer({});
    renderWithProviders(<CreateHarness />, { session: adminSession() });
    const dialog = await screen.findByTestId('form-dialog');
    const fee = within(dialog).getByLabelText(/^Frais de livraison/);
    await user.clear(fee);
    await user.type(fee, '12,345');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(within(dialog).getByTestId('field-delivery_fee')).findByText(/Montant invalide/)).toBeInTheDocument();
    expect(fee).toHaveAttribute('aria-invalid', 'true');
    // The refused field takes the focus, and the live region says what to fix.
    await waitFor(() => expect(fee).toHaveFocus());
    expect(within(dialog).getByTestId('form-announcer')).toHaveTextContent(/^1 champ à corriger : Frais de livraison — Montant invalide/);
    expect(server.calls).toHaveLength(0);
  });

  it('puts the 422 messages under their fields, the others above, and keeps submit disabled while saving', async () => {
    const user = userEvent.setup();
    const held = deferred<MockReply>();
    mockServer({ 'POST /api/things': () => held.promise });
    renderWithProviders(<CreateHarness />, { session: adminSession() });
    const dialog = await screen.findByTestId('form-dialog');
    const submit = within(dialog).getByTestId('form-submit');
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Annuler' })).toBeDisabled();
    held.resolve({
      status: 422,
      body: {
        message: 'Données invalides.',
        errors: {
          name: ['Le nom est obligatoire.'],
          delivery_fee: ['Entre 0 et 1 000,00 DH.'],
          'permissions.0': ['Permission inconnue.'],
          zone: ['Zone inconnue.'],
        },
      },
    });
    const name = within(dialog).getByLabelText(/^Nom/);
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(within(within(dialog).getByTestId('field-name')).getByText('Le nom est obligatoire.')).toBeInTheDocument();
    expect(within(within(dialog).getByTestId('field-delivery_fee')).getByText('Entre 0 et 1 000,00 DH.')).toBeInTheDocument();
    expect(within(within(dialog).getByTestId('field-permissions')).getByText('Permission inconnue.')).toBeInTheDocument();
    // An error on a field the form does not have is not lost.
    expect(within(dialog).getByTestId('form-error')).toHaveTextContent('Zone inconnue.');
    expect(submit).toBeEnabled();
    // Typing in a field clears its message.
    await user.type(name, 'Fès');
    expect(name).toHaveAttribute('aria-invalid', 'false');
  });

  it.each([
    [409, 'Ce client a déjà un prix pour cette ville.'],
    [403, "Vous ne pouvez pas accorder une permission que vous n'avez pas."],
  ])('shows the message of a %i and stays open', async (status, message) => {
    const user = userEvent.setup();
    mockServer({ 'POST /api/things': { status, body: { message } } });
    renderWithProviders(<CreateHarness />, { session: adminSession() });
    const dialog = await screen.findByTestId('form-dialog');
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Oujda');
    await user.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByTestId('form-error')).toHaveTextContent(message);
    expect(screen.getByTestId('form-dialog')).toBeInTheDocument();
  });
});

function DeleteHarness() {
  const [open, setOpen] = useState(true);
  const [remove] = formApi.useDeleteFormThingMutation();
  return (
    <ConfirmDialog
      open={open}
      title="Supprimer Casablanca ?"
      body="Cette suppression est définitive."
      confirmLabel="Supprimer"
      onConfirm={() => remove('C1').unwrap()}
      onClose={() => setOpen(false)}
    />
  );
}

describe('ConfirmDialog', () => {
  it('shows the 409 message of the server and stays open', async () => {
    const user = userEvent.setup();
    const message = 'Cette ville est utilisée par des boutiques : désactivez-la plutôt.';
    const server = mockServer({ 'DELETE /api/things/C1': { status: 409, body: { message } } });
    renderWithProviders(<DeleteHarness />, { session: adminSession() });
    const dialog = await screen.findByTestId('confirm-dialog');
    await user.click(within(dialog).getByTestId('confirm-submit'));
    expect(await within(dialog).findByTestId('confirm-error')).toHaveTextContent(message);
    expect(server.callsTo('DELETE', '/api/things/C1')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
  });

  it('closes once the deletion is done', async () => {
    const user = userEvent.setup();
    mockServer({ 'DELETE /api/things/C1': { status: 204 } });
    renderWithProviders(<DeleteHarness />, { session: adminSession() });
    await user.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-submit'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
  });
});
