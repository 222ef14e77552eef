import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { App } from '../app/App';
import { makeStore, type AppStore } from '../core/store';
import { sessionLoaded } from '../core/session/authSlice';
import type { SessionPayload } from '../core/session/types';
import { ThemeRoot } from '../theme/ThemeRoot';

/** Shows the current path, so tests can assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

interface Options extends Omit<RenderOptions, 'wrapper'> {
  path?: string;
  session?: SessionPayload | 'guest';
  store?: AppStore;
}

/** Store (optionally with a session), theme and an in-memory router at `path`. */
export function renderWithProviders(ui: ReactElement, { path = '/', session, store, ...options }: Options = {}) {
  const appStore = store ?? makeStore();
  if (session === 'guest') appStore.dispatch({ type: 'auth/signedOut' });
  else if (session) appStore.dispatch(sessionLoaded(session));
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={appStore}>
      <ThemeRoot>
        <MemoryRouter initialEntries={[path]}>
          {children}
          <Routes>
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </ThemeRoot>
    </Provider>
  );
  return { store: appStore, ...render(ui, { wrapper: Wrapper, ...options }) };
}

/** The whole app (session restore included) at `path`. */
export function renderApp(path: string, store?: AppStore) {
  return renderWithProviders(<App />, { path, store });
}
