import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { ThemeRoot } from '../theme/ThemeRoot';
import { makeStore, type AppStore } from '../core/store';

interface Props {
  children: ReactNode;
  store?: AppStore;
}

/** Store, theme and router (history mode). */
export function AppProviders({ children, store }: Props) {
  const [appStore] = useState(() => store ?? makeStore());
  return (
    <Provider store={appStore}>
      <ThemeRoot>
        <BrowserRouter>{children}</BrowserRouter>
      </ThemeRoot>
    </Provider>
  );
}
