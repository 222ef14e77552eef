import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { Language } from '../../i18n/languages';
import { api } from '../api';
import type { Body } from '../apiTypes';
import { fetchCsrfCookie } from '../csrf';
import type { SessionPayload } from './types';

/**
 * A call made with a fresh anti-forgery cookie (GET sanctum/csrf-cookie first): the sign-in, the
 * registration and the password pages, opened without a session.
 */
export async function withCsrfCookie<T>(
  call: () => Promise<{ data: T } | { error: FetchBaseQueryError }>,
): Promise<{ data: T } | { error: FetchBaseQueryError }> {
  try {
    await fetchCsrfCookie();
  } catch (error) {
    return { error: { status: 'FETCH_ERROR', error: String(error) } };
  }
  return call();
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/user: active, user_role, user_data. */
    user: build.query<SessionPayload, void>({
      query: () => 'user',
      providesTags: ['User'],
    }),
    /** GET sanctum/csrf-cookie, then POST /api/login. */
    login: build.mutation<SessionPayload, Body<'/api/login', 'post'>>({
      queryFn: (body, _api, _extra, baseQuery) =>
        withCsrfCookie<SessionPayload>(async () => {
          const result = await baseQuery({ url: 'login', method: 'POST', body });
          return result.error ? { error: result.error } : { data: result.data as SessionPayload };
        }),
    }),
    /** GET sanctum/csrf-cookie, then POST /api/clients (merchant registration). */
    register: build.mutation<SessionPayload, Body<'/api/clients', 'post'>>({
      queryFn: (body, _api, _extra, baseQuery) =>
        withCsrfCookie<SessionPayload>(async () => {
          const result = await baseQuery({ url: 'clients', method: 'POST', body });
          return result.error ? { error: result.error } : { data: result.data as SessionPayload };
        }),
    }),
    /** PUT /api/users/language (204): the interface language kept in the signed-in user's profile. */
    saveLanguage: build.mutation<null, Language>({
      query: (language) => ({ url: 'users/language', method: 'PUT', body: { language } satisfies Body<'/api/users/language', 'put'> }),
    }),
    /** GET /api/logout. */
    logout: build.mutation<null, void>({
      query: () => ({ url: 'logout', method: 'GET' }),
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation, useLogoutMutation, useSaveLanguageMutation } = authApi;

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/**
 * Loads the session (GET /api/user) into the store. When it fails, the common routes stay
 * and the error is rethrown to the caller.
 */
export async function loadUser(dispatch: Dispatch): Promise<SessionPayload> {
  const request = dispatch(authApi.endpoints.user.initiate(undefined, { forceRefetch: true, subscribe: false }));
  return request.unwrap();
}
