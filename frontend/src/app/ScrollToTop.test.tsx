import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useNavigate } from 'react-router';
import { renderWithProviders } from '../test/render';
import { ScrollToTop } from './ScrollToTop';

function Go() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/compte/profile')}>
      go
    </button>
  );
}

describe('scroll to top', () => {
  it('scrolls back to the top on every navigation', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderWithProviders(
      <>
        <ScrollToTop />
        <Go />
      </>,
      { path: '/compte/accueille' },
    );
    const before = scrollTo.mock.calls.length;
    act(() => screen.getByRole('button', { name: 'go' }).click());
    expect(screen.getByTestId('location')).toHaveTextContent('/compte/profile');
    expect(scrollTo.mock.calls.length).toBe(before + 1);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, left: 0 });
  });
});
