import { api } from '../../core/api';
import type { ListResponse } from '../../core/collections';
import { userDataUpdated } from '../../core/session/authSlice';
import type { UserData } from '../../core/session/types';
import type { ProofPolicy } from '../../components/parcel/api';

export interface ProfileUpdate {
  first_name: string;
  last_name: string;
  phone: string;
  /** Data URL of the new photo; null removes it; absent keeps it. */
  avatar?: string | null;
  /** A merchant's ICE: 15 digits, empty clears it; absent keeps it. */
  ice?: string;
  current_password?: string;
  password?: string;
  password_confirmation?: string;
}

export interface PersonalToken {
  key: string;
  name: string;
  abilities?: string[];
  expires_at: string | null;
  last_used_at: string | null;
  created_at: string;
}

export type TokenAbility = 'read' | 'write';

export interface NewToken {
  name: string;
  /** read: GET calls; write: the others. */
  abilities: TokenAbility[];
  /** YYYY-MM-DD or RFC 3339; the server defaults to 90 days and allows 365 at most. */
  expires_at?: string;
}

/** One of the signed-in user's live sessions. */
export interface UserSession {
  key: string;
  current: boolean;
  /** The browser's User-Agent at sign-in. */
  device: string | null;
  address: string | null;
  last_seen_at: string;
  created_at: string;
}

export interface CreatedToken {
  data: PersonalToken;
  /** Plain text token, shown once. */
  token: string;
}

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
    endOtherSessions: build.mutation<{ ended: number }, void>({
      query: () => ({ url: 'sessions', method: 'DELETE' }),
      invalidatesTags: ['Sessions'],
    }),
    /** What the merchant requires of the delivery person on « Livré ». */
    deliveryProof: build.query<{ data: { delivery_proof: ProofPolicy } }, void>({
      query: () => ({ url: 'users/delivery-proof' }),
      providesTags: [{ type: 'User', id: 'delivery-proof' }],
    }),
    setDeliveryProof: build.mutation<{ data: { delivery_proof: ProofPolicy } }, ProofPolicy>({
      query: (policy) => ({ url: 'users/delivery-proof', method: 'PUT', body: { delivery_proof: policy } }),
      invalidatesTags: [{ type: 'User', id: 'delivery-proof' }],
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
} = profileApi;
