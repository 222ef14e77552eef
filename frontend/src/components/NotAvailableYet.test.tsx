import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MERCHANT_ROUTES } from '../navigation/routes';
import { merchantSession } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { setLanguage } from '../theme/settingsSlice';
import NotAvailableYet from './NotAvailableYet';

const route = MERCHANT_ROUTES.find((r) => r.name === 'pickup-vouchers')!;

describe('not available yet screen', () => {
  it('names the screen and says it arrives soon, in French', () => {
    renderWithProviders(<NotAvailableYet route={route} />, { session: merchantSession() });
    const screenBox = screen.getByTestId('not-available-yet');
    expect(screenBox).toHaveTextContent('Cet écran arrive bientôt');
    expect(screenBox).toHaveTextContent('Bons de ramassage');
    expect(screen.getByRole('link')).toHaveAttribute('href', '/compte/accueille');
  });

  it('follows the chosen language', () => {
    const { store } = renderWithProviders(<NotAvailableYet route={route} />, { session: merchantSession() });
    expect(screen.getByTestId('not-available-yet')).toHaveTextContent('Cet écran');
    act(() => {
      store.dispatch(setLanguage('en'));
    });
    expect(screen.getByTestId('not-available-yet')).toHaveTextContent('Pickup vouchers');
  });
});
