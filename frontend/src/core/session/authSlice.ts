import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionExpired } from '../sessionEvents';
import { GUEST, type SessionInfo } from '../../navigation/access';
import { isRole, type Role } from '../../navigation/types';
import { authApi } from './api';
import type { SessionPayload, UserData } from './types';

export interface AuthState {
  /** unknown: the session is being restored; guest: nobody signed in. */
  status: 'unknown' | 'guest' | 'authenticated';
  active: boolean;
  role: Role | null;
  user: UserData | null;
  /** Held as in the original product, unused by the cookie session. */
  token: string | null;
}

const initialState: AuthState = { status: 'unknown', active: false, role: null, user: null, token: null };

const guestState: AuthState = { ...initialState, status: 'guest' };

function fromPayload(payload: SessionPayload): AuthState {
  if (!isRole(payload.user_role)) {
    console.error('Unknown user role from the server', payload.user_role);
    return guestState;
  }
  return {
    status: 'authenticated',
    active: Boolean(payload.active),
    role: payload.user_role,
    user: { ...payload.user_data, permissions: payload.user_data.permissions ?? [] },
    token: null,
  };
}

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionLoaded: (_state, action: PayloadAction<SessionPayload>) => fromPayload(action.payload),
    signedOut: () => guestState,
    restoreFailed: (state) => (state.status === 'unknown' ? guestState : state),
    userDataUpdated(state, action: PayloadAction<Partial<UserData>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionExpired, () => guestState)
      .addMatcher(authApi.endpoints.user.matchFulfilled, (_state, action) => fromPayload(action.payload));
  },
});

export const { sessionLoaded, signedOut, restoreFailed, userDataUpdated } = authSlice.actions;
export const authReducer = authSlice.reducer;

interface WithAuth {
  auth: AuthState;
}

export const selectAuth = (state: WithAuth) => state.auth;
export const selectUser = (state: WithAuth) => state.auth.user;
export const selectRole = (state: WithAuth) => state.auth.role;

/** What the guard and the menus need, memoised. */
export const selectSessionInfo = createSelector([selectAuth], (auth): SessionInfo => {
  if (auth.status !== 'authenticated') return GUEST;
  return {
    authenticated: true,
    active: auth.active,
    role: auth.role,
    permissions: auth.user?.permissions ?? [],
  };
});
