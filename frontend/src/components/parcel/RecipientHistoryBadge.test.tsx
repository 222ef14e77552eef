import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../core/store';
import { renderWithProviders } from '../../test/render';
import { setLanguage } from '../../theme/settingsSlice';
import { RecipientHistoryBadge } from './RecipientHistoryBadge';

describe("a recipient's history badge", () => {
  it('labels each band in its colour, the counts in its tooltip and accessible name', () => {
    renderWithProviders(
      <>
        <RecipientHistoryBadge history={{ band: 'reliable', delivered: 3, failed: 0 }} />
        <RecipientHistoryBadge history={{ band: 'to_confirm', delivered: 3, failed: 1 }} />
        <RecipientHistoryBadge history={{ band: 'risky', delivered: 1, failed: 4 }} />
      </>,
    );
    const [reliable, toConfirm, risky] = screen.getAllByTestId('recipient-history');
    expect(reliable).toHaveTextContent(/^Fiable$/);
    expect(reliable).toHaveAttribute('data-band', 'reliable');
    expect(reliable).toHaveClass('MuiChip-colorSuccess', 'MuiChip-sizeSmall');
    expect(toConfirm).toHaveTextContent(/^À confirmer$/);
    expect(toConfirm).toHaveClass('MuiChip-colorWarning');
    expect(risky).toHaveTextContent(/^Risqué$/);
    expect(risky).toHaveClass('MuiChip-colorError');
    expect(screen.getByRole('img', { name: 'Fiable : 3 livrés · 0 échec' })).toBe(reliable);
    expect(screen.getByRole('img', { name: 'À confirmer : 3 livrés · 1 échec' })).toBe(toConfirm);
    expect(screen.getByRole('img', { name: 'Risqué : 1 livré · 4 échecs' })).toBe(risky);
  });

  it('shows a neutral « Nouveau destinataire » for a recipient without history, not « Fiable »', () => {
    renderWithProviders(<RecipientHistoryBadge history={{ band: 'reliable', delivered: 0, failed: 0 }} />);
    const badge = screen.getByTestId('recipient-history');
    expect(badge).toHaveTextContent(/^Nouveau destinataire$/);
    expect(badge).toHaveAttribute('data-band', 'new');
    expect(badge).toHaveClass('MuiChip-colorDefault');
    expect(badge).toHaveAccessibleName('Nouveau destinataire : Aucun colis livré ni échoué à ce numéro');
  });

  it('speaks English and Arabic', () => {
    const english = makeStore();
    english.dispatch(setLanguage('en'));
    const view = renderWithProviders(
      <>
        <RecipientHistoryBadge history={{ band: 'reliable', delivered: 1, failed: 0 }} />
        <RecipientHistoryBadge history={{ band: 'to_confirm', delivered: 2, failed: 1 }} />
        <RecipientHistoryBadge history={{ band: 'risky', delivered: 0, failed: 2 }} />
        <RecipientHistoryBadge history={{ band: 'reliable', delivered: 0, failed: 0 }} />
      </>,
      { store: english },
    );
    expect(screen.getAllByTestId('recipient-history').map((badge) => badge.textContent)).toEqual(['Reliable', 'To confirm', 'Risky', 'New recipient']);
    expect(screen.getByRole('img', { name: 'To confirm: 2 delivered · 1 failure' })).toBeInTheDocument();
    view.unmount();

    const arabic = makeStore();
    arabic.dispatch(setLanguage('ar'));
    renderWithProviders(
      <>
        <RecipientHistoryBadge history={{ band: 'reliable', delivered: 1, failed: 0 }} />
        <RecipientHistoryBadge history={{ band: 'to_confirm', delivered: 2, failed: 1 }} />
        <RecipientHistoryBadge history={{ band: 'risky', delivered: 0, failed: 2 }} />
        <RecipientHistoryBadge history={{ band: 'reliable', delivered: 0, failed: 0 }} />
      </>,
      { store: arabic },
    );
    expect(screen.getAllByTestId('recipient-history').map((badge) => badge.textContent)).toEqual(['موثوق', 'للتأكيد', 'محفوف بالمخاطر', 'مستلم جديد']);
  });
});
