import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Alert from '@mui/material/Alert';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../theme/settingsSlice';
import { makeStore } from '../../core/store';
import { merchantSession } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { FormTextField } from '../FormTextField';
import type { FieldDef } from './fields';
import { Form, useRefusalReveal } from './Form';
import { FormDialog } from './FormDialog';
import { revealBelowHeader, stickyTop } from './refusal';

interface Recipient {
  [field: string]: unknown;
  name: string;
  phone: string;
  city: string;
}

const fields: FieldDef<Recipient>[] = [
  { name: 'name', label: 'Nom', required: true },
  { name: 'phone', label: 'Téléphone', type: 'tel', required: true },
  { name: 'city', label: 'Ville' },
];

const PHONE_MESSAGE = 'Numéro de téléphone marocain invalide (ex. 0612345678 ou +212612345678).';

function RecipientDialog({ onSubmit }: { onSubmit: (values: Recipient) => Promise<unknown> }) {
  return (
    <FormDialog<Recipient>
      open
      title="Destinataire"
      fields={fields}
      initialValues={{ name: '', phone: '', city: '' }}
      onSubmit={onSubmit}
      onClose={() => undefined}
    />
  );
}

const unprocessable = (errors: Record<string, string[]>) => ({ status: 422, data: { message: 'Données invalides.', errors } });

afterEach(() => {
  document.querySelectorAll('[data-test-header]').forEach((element) => element.remove());
});

describe('a refused save', () => {
  it('focuses the field the form’s own check refused and announces it', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<RecipientDialog onSubmit={onSubmit} />, { session: merchantSession() });
    const dialog = await screen.findByTestId('form-dialog');
    await user.type(within(dialog).getByLabelText(/^Nom/), 'Salma');
    const phone = within(dialog).getByLabelText(/^Téléphone/);
    await user.type(phone, '12345');
    await user.click(within(dialog).getByTestId('form-submit'));

    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    const announcer = within(dialog).getByTestId('form-announcer');
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    expect(announcer).toHaveTextContent(`1 champ à corriger : Téléphone — ${PHONE_MESSAGE}`);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('focuses the first field in the order of the form, whatever the order of the server’s 422', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async () => {
      throw unprocessable({ city: ['Ville inconnue.'], name: ['Le nom est obligatoire.'] });
    });
    renderWithProviders(<RecipientDialog onSubmit={onSubmit} />, { session: merchantSession() });
    const dialog = await screen.findByTestId('form-dialog');
    await user.type(within(dialog).getByLabelText(/^Téléphone/), '0612345678');
    const submit = within(dialog).getByTestId('form-submit');
    await user.click(submit);

    const name = within(dialog).getByLabelText(/^Nom/);
    await waitFor(() => expect(name).toHaveFocus());
    expect(within(dialog).getByTestId('form-announcer')).toHaveTextContent(
      '2 champs à corriger : Nom — Le nom est obligatoire. ; Ville — Ville inconnue.',
    );
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('says it again when the same save is refused again', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RecipientDialog onSubmit={async () => undefined} />, { session: merchantSession() });
    const dialog = await screen.findByTestId('form-dialog');
    const phone = within(dialog).getByLabelText(/^Téléphone/);
    await user.type(phone, '999');
    await user.click(within(dialog).getByTestId('form-submit'));
    const announcer = within(dialog).getByTestId('form-announcer');
    await waitFor(() => expect(announcer).toHaveTextContent('1 champ à corriger'));
    await user.click(within(dialog).getByTestId('form-submit'));
    // Emptied, then the same words: a screen reader says them once more.
    await waitFor(() => expect(announcer).toHaveTextContent(''));
    await waitFor(() => expect(announcer).toHaveTextContent(`1 champ à corriger : Téléphone — ${PHONE_MESSAGE}`));
    expect(phone).toHaveFocus();
  });

  it('leaves the focus alone when the refusal is for the whole form (its alert says it)', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <RecipientDialog
        onSubmit={async () => {
          throw { status: 409, data: { message: 'Ce destinataire existe déjà.' } };
        }}
      />,
      { session: merchantSession() },
    );
    const dialog = await screen.findByTestId('form-dialog');
    await user.type(within(dialog).getByLabelText(/^Téléphone/), '0612345678');
    const submit = within(dialog).getByTestId('form-submit');
    await user.click(submit);
    expect(await within(dialog).findByTestId('form-error')).toHaveTextContent('Ce destinataire existe déjà.');
    expect(submit).toHaveFocus();
    expect(within(dialog).getByTestId('form-announcer')).toHaveTextContent('');
  });

  it('does nothing after a save that went through', async () => {
    const user = userEvent.setup();
    function Saved() {
      const [name, setName] = useState('');
      return (
        <Form
          onSubmit={async (event: FormEvent) => {
            event.preventDefault();
            setName('');
          }}
        >
          <FormTextField name="name" label="Nom" value={name} onChange={(event) => setName(event.target.value)} />
          <button type="submit">Enregistrer</button>
        </Form>
      );
    }
    renderWithProviders(<Saved />, { session: merchantSession() });
    await user.type(screen.getByLabelText('Nom'), 'Salma');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toHaveFocus();
    expect(screen.getByTestId('form-announcer')).toHaveTextContent('');
  });

  it('reaches a group of choices (a radio group) and says it in Arabic', async () => {
    const user = userEvent.setup();
    const store = makeStore();
    store.dispatch(setLanguage('ar'));
    function Kind() {
      const [error, setError] = useState('');
      return (
        <Form
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            setError('اختر نوعًا.');
          }}
        >
          <FormControl component="fieldset" error={Boolean(error)}>
            <FormLabel component="legend">النوع</FormLabel>
            <RadioGroup name="kind">
              <FormControlLabel value="standard" control={<Radio />} label="عادي" />
              <FormControlLabel value="exchange" control={<Radio />} label="تبادل" />
            </RadioGroup>
            {error && <FormHelperText>{error}</FormHelperText>}
          </FormControl>
          <button type="submit">حفظ</button>
        </Form>
      );
    }
    renderWithProviders(<Kind />, { store, session: merchantSession() });
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'عادي' })).toHaveFocus());
    expect(screen.getByTestId('form-announcer').textContent).toContain('حقل واحد يجب تصحيحه');
    expect(screen.getByTestId('form-announcer').textContent).toContain('النوع — اختر نوعًا.');
  });
});

describe('a refused panel that is no <form> (useRefusalReveal with focusMessage)', () => {
  /** A list sent by a button (no field): the server's refusal shows in an alert under it. */
  function Panel({ send }: { send: () => Promise<void> }) {
    const [error, setError] = useState<string | null>(null);
    const { scope, announcer, handled, quiet } = useRefusalReveal<HTMLDivElement>({ focusMessage: true });
    return (
      <div ref={scope} data-testid="panel">
        <ul>
          <li>K1</li>
        </ul>
        {error && (
          <Alert severity="error" data-testid="panel-error">
            {error}
          </Alert>
        )}
        <button
          type="button"
          onClick={async () => {
            setError(null);
            quiet();
            try {
              await send();
            } catch (failure) {
              setError((failure as Error).message);
              handled();
            }
          }}
        >
          Envoyer
        </button>
        {announcer}
      </div>
    );
  }

  it('focuses the alert and says it, again when the same refusal comes back', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {
      throw new Error('Le colis K1 est déjà sur un bon.');
    });
    renderWithProviders(<Panel send={send} />, { session: merchantSession() });
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    const alert = await screen.findByTestId('panel-error');
    await waitFor(() => expect(alert).toHaveFocus());
    // Focused by the script only: not a stop of the Tab order.
    expect(alert).toHaveAttribute('tabindex', '-1');
    const announcer = screen.getByTestId('form-announcer');
    expect(announcer).toHaveTextContent('Le colis K1 est déjà sur un bon.');

    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(screen.getByTestId('panel-error')).toHaveFocus());
    await waitFor(() => expect(announcer).toHaveTextContent('Le colis K1 est déjà sur un bon.'));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('focuses a field in error rather than the alert, and says it as a form does', async () => {
    const user = userEvent.setup();
    function Named() {
      const [error, setError] = useState('');
      const { scope, announcer, handled } = useRefusalReveal<HTMLDivElement>({ focusMessage: true });
      return (
        <div ref={scope}>
          <Alert severity="error">Données invalides.</Alert>
          <FormTextField name="name" label="Nom" value="" onChange={() => undefined} error={Boolean(error)} helperText={error || undefined} />
          <button
            type="button"
            onClick={() => {
              setError('Le nom est obligatoire.');
              handled();
            }}
          >
            Envoyer
          </button>
          {announcer}
        </div>
      );
    }
    renderWithProviders(<Named />, { session: merchantSession() });
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(screen.getByLabelText('Nom')).toHaveFocus());
    expect(screen.getByTestId('form-announcer')).toHaveTextContent('1 champ à corriger : Nom — Le nom est obligatoire.');
  });

  it('leaves the focus alone after a send that went through', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Panel send={async () => undefined} />, { session: merchantSession() });
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(screen.getByRole('button', { name: 'Envoyer' })).toHaveFocus();
    expect(screen.getByTestId('form-announcer')).toHaveTextContent('');
  });
});

describe('revealBelowHeader', () => {
  function stickyHeader(bottom: number): HTMLElement {
    const header = document.createElement('header');
    header.setAttribute('data-test-header', '');
    header.style.position = 'sticky';
    header.getBoundingClientRect = () => ({ top: 0, bottom, left: 0, right: 390, width: 390, height: bottom, x: 0, y: 0, toJSON: () => ({}) });
    document.body.prepend(header);
    return header;
  }

  it('keeps the field clear of the sticky top bar: its scroll margin is the bar’s height and some room', () => {
    stickyHeader(64);
    const field = document.createElement('div');
    document.body.append(field);
    const scrollIntoView = vi.fn();
    field.scrollIntoView = scrollIntoView;
    expect(stickyTop(field)).toBe(64);
    revealBelowHeader(field);
    expect(field.style.scrollMarginTop).toBe('80px');
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'nearest', inline: 'nearest' });
    field.remove();
  });

  it('scrolls the window further when the field is still under the bar', () => {
    stickyHeader(56);
    const field = document.createElement('div');
    document.body.append(field);
    field.scrollIntoView = () => undefined;
    field.getBoundingClientRect = () => ({ top: 20, bottom: 100, left: 0, right: 390, width: 390, height: 80, x: 0, y: 20, toJSON: () => ({}) });
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => undefined);
    revealBelowHeader(field);
    expect(scrollBy).toHaveBeenCalledWith(0, 20 - 56 - 16);
    field.remove();
  });

  it('ignores the top bar for a field in a dialog', () => {
    stickyHeader(64);
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const field = document.createElement('div');
    dialog.append(field);
    document.body.append(dialog);
    expect(stickyTop(field)).toBe(0);
    dialog.remove();
  });
});
