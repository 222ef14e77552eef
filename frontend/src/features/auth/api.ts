import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api, withRetryAfter } from '../../core/api';
import type { Answer, Body } from '../../core/apiTypes';
import { withCsrfCookie } from '../../core/session/api';

/** The base query a `queryFn` is handed. */
type BaseQueryResult = { data?: unknown; error?: FetchBaseQueryError; meta?: unknown };
type BaseQuery = (args: FetchArgs) => BaseQueryResult | PromiseLike<BaseQueryResult>;

/** POST /api/password/forgotten: `{email}`. */
export type ForgottenPasswordBody = Body<'/api/password/forgotten', 'post'>;

/** POST /api/password/reset: the token of the e-mail's link and the new password, twice. */
export type PasswordResetBody = Body<'/api/password/reset', 'post'>;

/** The answer of both: a sentence (202 for the forgotten password, 200 for the new one). */
export type PasswordAnswer = Answer<'/api/password/forgotten', 'post', 202> & Answer<'/api/password/reset', 'post'>;

/**
 * POSTs `body` under a fresh anti-forgery cookie (these pages have no session); a refusal keeps
 * the seconds of its `Retry-After`.
 */
function postWithoutSession<T>(url: string, body: unknown, baseQuery: BaseQuery) {
  return withCsrfCookie<T>(async () => {
    const result = await baseQuery({ url, method: 'POST', body });
    return result.error ? { error: withRetryAfter(result.error, result.meta) } : { data: result.data as T };
  });
}

export const passwordApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Asks for a link to choose a new password: 202 whether the account exists or not (the page
     * says the same either way), 422 on the e-mail, 429 with `Retry-After` (seconds).
     */
    forgottenPassword: build.mutation<PasswordAnswer, ForgottenPasswordBody>({
      queryFn: (body, _api, _extra, baseQuery) => postWithoutSession<PasswordAnswer>('password/forgotten', body, baseQuery),
    }),
    /**
     * Sets the new password with the link's token: 200, or 422 on `token` (used, expired, unknown),
     * `password` or `password_confirmation`. Every session of the account ends.
     */
    resetPassword: build.mutation<PasswordAnswer, PasswordResetBody>({
      queryFn: (body, _api, _extra, baseQuery) => postWithoutSession<PasswordAnswer>('password/reset', body, baseQuery),
    }),
  }),
});

export const { useForgottenPasswordMutation, useResetPasswordMutation } = passwordApi;
