import { api } from '../../core/api';
import type { Answer, Body, Schema } from '../../core/apiTypes';
import type { ListResponse } from '../../core/collections';
import { userDataUpdated } from '../../core/session/authSlice';
import type { UserData } from '../../core/session/types';

/** PUT /api/users: `avatar` null removes the photo, absent keeps it; an empty `ice` clears it. */
export type ProfileUpdate = Body<'/api/users', 'put'>;

export type PersonalToken = Schema<'TokenView'>;

export type TokenAbility = 'read' | 'write';

/** POST /api/tokens: abilities read (GET calls) and/or write (the others); expires in 90 days unless told. */
export type NewToken = Body<'/api/tokens', 'post'>;

/** One of the signed-in user's live sessions. */
export type UserSession = Schema<'SessionView'>;

/** The new token and its plain text, shown once. */
export type CreatedToken = Schema<'CreatedToken'>;

/**
 * One kind of e-mail the signed-in user may receive (components/message/kinds.ts): whether he
 * receives it, and whether it is always sent (the security ones: he cannot turn it off).
 */
export type NoticeSetting = Answer<'/api/users/notices', 'get'>['data'][number];

/** PUT /api/users/notices: the kinds turned off (every other one is received). */
export type NoticesBody = Body<'/api/users/notices', 'put'>;

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** PUT /api/users: success only on HTTP 200, then the local user data is updated. */
    updateProfile: build.mutation<{ data: UserData }, ProfileUpdate>({
      query: (body) => ({
        url: 'users',
        method: 'PUT',
        body,
        validateStatus: (response) => response.status === 200,
      }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(userDataUpdated(data.data));
        } catch {
          // The caller shows the error.
        }
      },
    }),
    tokens: build.query<ListResponse<PersonalToken>, void>({
      query: () => ({ url: 'tokens', params: { per_page: 100 } }),
      providesTags: ['Tokens'],
    }),
    createToken: build.mutation<CreatedToken, NewToken>({
      query: (body) => ({ url: 'tokens', method: 'POST', body }),
      invalidatesTags: ['Tokens'],
    }),
    sessions: build.query<{ data: UserSession[] }, void>({
      query: () => ({ url: 'sessions' }),
      providesTags: ['Sessions'],
    }),
    endSession: build.mutation<null, string>({
      query: (key) => ({ url: `sessions/${encodeURIComponent(key)}`, method: 'DELETE' }),
      invalidatesTags: ['Sessions'],
    }),
    endOtherSessions: build.mutation<Schema<'EndedSessions'>, void>({
      query: () => ({ url: 'sessions', method: 'DELETE' }),
      invalidatesTags: ['Sessions'],
    }),
    /** What the merchant requires of the delivery person on « Livré ». */
    deliveryProof: build.query<{ data: Schema<'PolicySetting'> }, void>({
      query: () => ({ url: 'users/delivery-proof' }),
      providesTags: [{ type: 'User', id: 'delivery-proof' }],
    }),
    setDeliveryProof: build.mutation<{ data: Schema<'PolicySetting'> }, Schema<'ProofPolicy'>>({
      query: (policy) => ({ url: 'users/delivery-proof', method: 'PUT', body: { delivery_proof: policy } }),
      invalidatesTags: [{ type: 'User', id: 'delivery-proof' }],
    }),
    /** The e-mails one receives (GET /api/users/notices). */
    notices: build.query<{ data: NoticeSetting[] }, void>({
      query: () => 'users/notices',
      providesTags: [{ type: 'User', id: 'notices' }],
    }),
    /** Turns off the kinds listed, on every other one; answers the settings as GET does. */
    setNotices: build.mutation<{ data: NoticeSetting[] }, NoticesBody>({
      query: (body) => ({ url: 'users/notices', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(profileApi.util.upsertQueryData('notices', undefined, data));
        } catch {
          // The card says what went wrong.
        }
      },
    }),
    revokeToken: build.mutation<null, string>({
      query: (key) => ({ url: `tokens/${encodeURIComponent(key)}`, method: 'DELETE' }),
      invalidatesTags: ['Tokens'],
    }),
  }),
});

export const {
  useUpdateProfileMutation,
  useTokensQuery,
  useCreateTokenMutation,
  useRevokeTokenMutation,
  useSessionsQuery,
  useEndSessionMutation,
  useEndOtherSessionsMutation,
  useDeliveryProofQuery,
  useSetDeliveryProofMutation,
  useNoticesQuery,
  useSetNoticesMutation,
} = profileApi;
