import { combineReducers, configureStore, createListenerMiddleware, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { isLanguage } from '../i18n/languages';
import { authApi } from './session/api';
import { authReducer, sessionLoaded } from './session/authSlice';
import type { SessionPayload } from './session/types';
import {
  saveSettings,
  setContentWidth,
  setLanguage,
  setSkin,
  setTheme,
  settingsReducer,
  toggleNavCollapsed,
  toggleTheme,
} from '../theme/settingsSlice';
import { api } from './api';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  auth: authReducer,
  settings: settingsReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Builds a store; tests pass a preloaded state. */
/**
 * Redux Toolkit's development checks (no state mutated, nothing unserializable in actions) walk
 * the whole state on every action. The development server keeps them; the unit tests turn them
 * off (src/test/setup.ts): a fifth of their processor time, for checks that assert nothing of
 * the screens' behaviour.
 */
let developmentChecks = true;

export function setDevelopmentChecks(on: boolean): void {
  developmentChecks = on;
}

export function makeStore(preloadedState?: Partial<RootState>) {
  // Theme, skin and the other display settings are kept in local storage.
  const persistence = createListenerMiddleware();
  persistence.startListening({
    matcher: isAnyOf(
      setTheme,
      toggleTheme,
      setSkin,
      setContentWidth,
      setLanguage,
      toggleNavCollapsed,
    ),
    effect: (_action, listenerApi) => {
      saveSettings((listenerApi.getState() as RootState).settings);
    },
  });

  // Status labels, history texts and the activity log come from the server in the UI's
  // language: a new language fetches them again.
  const languageChange = createListenerMiddleware();
  languageChange.startListening({
    actionCreator: setLanguage,
    effect: (_action, listenerApi) => {
      const before = (listenerApi.getOriginalState() as RootState).settings.language;
      if (before !== (listenerApi.getState() as RootState).settings.language) {
        listenerApi.dispatch(api.util.invalidateTags(['states', 'parcels', 'activities']));
      }
    },
  });

  // The language kept in the signed-in user's profile wins over the one of this browser: he
  // finds his language on every device. Null (never chosen) leaves the local one.
  const profileLanguage = createListenerMiddleware();
  profileLanguage.startListening({
    matcher: isAnyOf(
      sessionLoaded,
      authApi.endpoints.user.matchFulfilled,
      authApi.endpoints.login.matchFulfilled,
      authApi.endpoints.register.matchFulfilled,
    ),
    effect: (action, listenerApi) => {
      const language = (action as PayloadAction<SessionPayload>).payload.language;
      if (isLanguage(language) && language !== (listenerApi.getState() as RootState).settings.language) {
        listenerApi.dispatch(setLanguage(language));
      }
    },
  });

  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) =>
      getDefault({ immutableCheck: developmentChecks, serializableCheck: developmentChecks })
        .prepend(persistence.middleware, languageChange.middleware, profileLanguage.middleware)
        .concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
