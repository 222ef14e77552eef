import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../core/store';
import { setLanguage } from '../theme/settingsSlice';
import { adminSession, merchantSession, deliverySession } from '../test/fixtures';
import { mockServer } from '../test/mockServer';
import { renderWithProviders } from '../test/render';
import { setViewportWidth } from '../test/setup';
import ContentLayout from './ContentLayout';

const menuLinks = () =>
  within(screen.getByTestId('side-menu'))
    .getAllByRole('link', { hidden: true })
    .map((link) => link.getAttribute('href'));

describe('side menu', () => {
  it('shows the client menu with its sections, label and every entry', () => {
    renderWithProviders(<ContentLayout />, { session: merchantSession(), path: '/compte/accueille' });
    const nav = screen.getByTestId('side-menu');
    expect(nav).toHaveAttribute('data-role', 'client');
    expect(within(nav).getByText('MARCHAND')).toBeInTheDocument();
    // The specification's 19 entries and « À décider » (issue 40).
    expect(menuLinks()).toHaveLength(20);
    expect(menuLinks()).toContain('/compte/colis-a-confirmer');
    expect(menuLinks()).toContain('/compte/colis-a-decider');
    expect(within(nav).getByTestId('nav-section-parcels')).toHaveTextContent('Colis');
    expect(within(nav).getByTestId('nav-section-help')).toBeInTheDocument();
  });

  it('shows an admin staff member only the two entries he holds, in their sections, and what they open', () => {
    renderWithProviders(<ContentLayout />, {
      session: adminSession(['dashboard', 'cities']),
      path: '/compte/tableau-de-bord',
    });
    const nav = screen.getByTestId('side-menu');
    expect(within(nav).getByText('ADMINISTRATION')).toBeInTheDocument();
    // « Messages envoyés » opens with the dashboard permission.
    expect(menuLinks()).toEqual(['/compte/tableau-de-bord', '/compte/villes', '/compte/messages']);
    expect(within(nav).getByTestId('nav-section-management')).toBeInTheDocument();
    expect(within(nav).queryByTestId('nav-section-parcels')).not.toBeInTheDocument();
  });

  it('shows a confirmation agent his one entry, « Confirmations »', () => {
    renderWithProviders(<ContentLayout />, { session: adminSession(['confirmations']), path: '/compte/confirmations' });
    expect(menuLinks()).toEqual(['/compte/confirmations']);
    expect(within(screen.getByTestId('side-menu')).getByRole('link', { name: 'Confirmations', hidden: true })).toBeInTheDocument();
  });

  it('shows delivery people their fixed menu whatever the permissions', () => {
    renderWithProviders(<ContentLayout />, { session: deliverySession({ permissions: [] }), path: '/compte/accueille' });
    expect(within(screen.getByTestId('side-menu')).getByText('LIVREUR')).toBeInTheDocument();
    expect(menuLinks()).toHaveLength(12);
  });

  it('works as an accordion: opening a section closes the other', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContentLayout />, { session: merchantSession(), path: '/compte/colis-livres' });
    const parcels = screen.getByTestId('nav-section-parcels');
    const invoices = screen.getByTestId('nav-section-invoices');
    // The section of the current page starts open.
    expect(parcels).toHaveAttribute('aria-expanded', 'true');
    expect(invoices).toHaveAttribute('aria-expanded', 'false');
    await user.click(invoices);
    expect(invoices).toHaveAttribute('aria-expanded', 'true');
    expect(parcels).toHaveAttribute('aria-expanded', 'false');
    await user.click(invoices);
    expect(invoices).toHaveAttribute('aria-expanded', 'false');
  });

  it('collapses to the mini width (68) and keeps the choice', async () => {
    const user = userEvent.setup();
    const { store } = renderWithProviders(<ContentLayout />, { session: merchantSession(), path: '/compte/accueille' });
    const drawer = screen.getByTestId('nav-drawer-permanent');
    expect(drawer.parentElement).toHaveStyle({ width: '260px' });
    await user.click(screen.getByTestId('nav-collapse'));
    expect(store.getState().settings.navCollapsed).toBe(true);
    expect(screen.getByTestId('nav-drawer-permanent').parentElement).toHaveStyle({ width: '68px' });
    expect(window.localStorage.getItem('colivra-nav-collapsed')).toBe('true');
    // Labels are hidden in the mini drawer.
    expect(within(screen.getByTestId('side-menu')).queryByText('MARCHAND')).not.toBeInTheDocument();
  });

  it('is a temporary drawer opened by the hamburger below 1264px', async () => {
    setViewportWidth(1263);
    const user = userEvent.setup();
    renderWithProviders(<ContentLayout />, { session: merchantSession(), path: '/compte/accueille' });
    expect(screen.queryByTestId('nav-drawer-permanent')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('nav-hamburger'));
    expect(await screen.findByTestId('nav-drawer-temporary')).toBeVisible();
  });
});

describe('top bar', () => {
  it('shows the display name and role; Tarifs and profile for a client; sign-out', async () => {
    const user = userEvent.setup();
    const server = mockServer({ 'GET /api/logout': { status: 204 } });
    renderWithProviders(<ContentLayout />, { session: merchantSession(), path: '/compte/accueille' });
    expect(screen.getByTestId('user-display-name')).toHaveTextContent('BENNANI SAMIRA');
    await user.click(screen.getByTestId('user-menu-button'));
    expect(screen.getByTestId('user-menu-profile')).toHaveAttribute('href', '/compte/profile');
    expect(screen.getByTestId('user-menu-pricing')).toHaveAttribute('href', '/compte/pricing');
    expect(screen.getByTestId('user-menu-pricing')).toHaveTextContent('Tarifs');
    await user.click(screen.getByTestId('user-menu-sign-out'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/compte/connexion'));
    expect(server.callsTo('GET', '/api/logout')).toHaveLength(1);
  });

  it('has no Tarifs entry for admins; delivery people show their full name', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContentLayout />, { session: adminSession(), path: '/compte/tableau-de-bord' });
    await user.click(screen.getByTestId('user-menu-button'));
    expect(screen.queryByTestId('user-menu-pricing')).not.toBeInTheDocument();
  });

  it('shows full_name for a delivery person', () => {
    renderWithProviders(<ContentLayout />, { session: deliverySession(), path: '/compte/accueille' });
    expect(screen.getByTestId('user-display-name')).toHaveTextContent('Youssef El Idrissi');
  });

  it('shows the product name and the current year in the footer', () => {
    renderWithProviders(<ContentLayout />, { session: merchantSession(), path: '/compte/accueille' });
    expect(screen.getByTestId('footer')).toHaveTextContent(`© ${new Date().getFullYear()} Colivra`);
  });

  it('takes the product name from window.__COLIVRA__ when present', () => {
    window.__COLIVRA__ = { appName: 'Livraison Express' };
    try {
      renderWithProviders(<ContentLayout />, { session: merchantSession(), path: '/compte/accueille' });
      expect(screen.getByTestId('footer')).toHaveTextContent('Livraison Express');
    } finally {
      delete window.__COLIVRA__;
    }
  });
});

describe('search', () => {
  it('opens with Ctrl+Shift+/, focuses after 150 ms, shows at most 5 pages, closes with Escape', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithProviders(<ContentLayout />, { session: merchantSession(), path: '/compte/accueille' });
      expect(screen.queryByTestId('search-dialog')).not.toBeInTheDocument();
      fireEvent.keyDown(window, { key: '?', code: 'Slash', ctrlKey: true, shiftKey: true });
      const input = await screen.findByTestId('search-input');
      expect(input).not.toHaveFocus();
      act(() => {
        vi.advanceTimersByTime(160);
      });
      expect(input).toHaveFocus();

      fireEvent.change(input, { target: { value: 'colis' } });
      const results = screen.getAllByTestId('search-result');
      expect(results).toHaveLength(5);

      fireEvent.change(input, { target: { value: 'echanges' } });
      expect(screen.getAllByTestId('search-result').map((r) => r.textContent)).toEqual(['Échanges/compte/echanges']);

      fireEvent.keyDown(input, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByTestId('search-dialog')).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });

  it('searches only the pages the user may open and navigates on Enter', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ContentLayout />, { session: adminSession(['dashboard', 'cities']), path: '/compte/tableau-de-bord' });
    await user.click(screen.getByTestId('search-open'));
    const input = await screen.findByTestId('search-input');
    await user.type(input, 'clients');
    expect(screen.queryAllByTestId('search-result')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, 'vil{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/compte/villes'));
  });
});

describe('right-to-left', () => {
  it('renders Arabic under dir="rtl" lang="ar" with the drawer on the right and flipped styles', async () => {
    const store = makeStore();
    // No direction setting: Arabic reads right to left.
    store.dispatch(setLanguage('ar'));
    renderWithProviders(<ContentLayout />, { store, session: merchantSession(), path: '/compte/accueille' });
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(within(screen.getByTestId('side-menu')).getByText('التاجر')).toBeInTheDocument();
    const paper = await waitFor(() => {
      const element = screen.getByTestId('nav-drawer-permanent').querySelector('.MuiDrawer-paper');
      expect(element?.className).toMatch(/muirtl-/);
      return element as HTMLElement;
    });
    // The drawer paper's styles come from the right-to-left cache, flipped to the right side.
    const css = [...document.querySelectorAll('style[data-emotion^="muirtl"]')].map((s) => s.textContent).join('\n');
    const classes = [...paper.classList].filter((c) => c.startsWith('muirtl-'));
    const rules = classes.flatMap((c) => css.match(new RegExp(`\\.${c}\\{[^}]*\\}`, 'g')) ?? []).join('\n');
    expect(rules).toContain('right:0');
    expect(rules).toMatch(/border-left:1px solid/);
    expect(rules).not.toMatch(/(^|[;{])left:0/);
    expect(window.localStorage.getItem('colivra-language')).toBe('ar');
  });

  it('goes back to left to right with French', async () => {
    const store = makeStore();
    store.dispatch(setLanguage('ar'));
    renderWithProviders(<ContentLayout />, { store, session: merchantSession(), path: '/compte/accueille' });
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    act(() => {
      store.dispatch(setLanguage('fr'));
    });
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
    expect(document.documentElement.lang).toBe('fr');
    expect(within(screen.getByTestId('side-menu')).getByText('MARCHAND')).toBeInTheDocument();
  });
});
