import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { merchantSession } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { NoticeSnackbar, useNotice } from './NoticeSnackbar';

function Harness() {
  const { notice, notify, close } = useNotice();
  return (
    <>
      <button type="button" onClick={() => notify('Colis K1 annulé.')}>
        first
      </button>
      <button type="button" onClick={() => notify('2 colis annulés.')}>
        second
      </button>
      <NoticeSnackbar notice={notice} onClose={close} testId="notice" />
    </>
  );
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('notice snackbar', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives a notice that follows another its own five seconds', () => {
    vi.useFakeTimers();
    renderWithProviders(<Harness />, { session: merchantSession() });
    fireEvent.click(screen.getByRole('button', { name: 'first' }));
    expect(screen.getByTestId('notice')).toHaveTextContent('Colis K1 annulé.');
    advance(4000);
    fireEvent.click(screen.getByRole('button', { name: 'second' }));
    expect(screen.getByTestId('notice')).toHaveTextContent('2 colis annulés.');
    // Six seconds after the first one: its timer must not close the second.
    advance(2000);
    expect(screen.getByTestId('notice')).toHaveTextContent('2 colis annulés.');
    // The second's own five seconds, then its exit.
    advance(3500);
    advance(1000);
    expect(screen.queryByTestId('notice')).not.toBeInTheDocument();
  });
});
