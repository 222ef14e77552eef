// Failed attempts waiting for a decision (issue 40): the list of the merchant's (an admin's: all)
// parcels whose delivery failed at the door, and the decision on one of them. Kept in the shared
// layer: the « À décider » screen decides, the dashboards count them.
import { api } from '../../core/api';
import type { Answer, Body, Schema } from '../../core/apiTypes';
import { WRITES, type ParcelListArgs } from '../parcel/api';

/** One row of GET /api/parcels/decisions: the parcel and its open decision (the outcome, when the default applies). */
export type DecisionRow = Schema<'DecisionView'>;

/** A page of them (the parcels' keyset paging: counted on page 1, `next_cursor` for the next). */
export type DecisionList = Answer<'/api/parcels/decisions', 'get'>;

/** What a merchant (or an admin) decides: another attempt, with new details, or the return. */
export type DecisionAction = Schema<'DecisionAction'>;

/** PUT /api/parcels/{key}/decision. */
export type DecisionBody = Body<'/api/parcels/{key}/decision', 'put'>;

/** The furthest a new attempt may be set: today to this many days ahead (the server's rule). */
export const REATTEMPT_DAYS_MAX = 14;

/** The list's query: the parcel lists' filters and paging (`view` is the endpoint's own). */
export type DecisionListArgs = Omit<ParcelListArgs, 'view' | 'status'>;

export const decisionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listDecisions: build.query<DecisionList, DecisionListArgs>({
      query: (args) => {
        const params: Record<string, string | number | boolean> = {};
        for (const [name, value] of Object.entries(args)) {
          if (value !== undefined && value !== '') params[name] = value;
        }
        return { url: 'parcels/decisions', params };
      },
      // Any parcel write may open or close a decision (an outcome at the door, a decision).
      providesTags: ['parcels'],
    }),
    decideParcel: build.mutation<Answer<'/api/parcels/{key}/decision', 'put'>, { key: string; body: DecisionBody }>({
      query: ({ key, body }) => ({ url: `parcels/${encodeURIComponent(key)}/decision`, method: 'PUT', body }),
      invalidatesTags: [...WRITES],
    }),
  }),
});

export const { useListDecisionsQuery, useDecideParcelMutation } = decisionsApi;

/** The route of the « À décider » screen (merchants and admins holding a parcel list that moves parcels). */
export const DECISIONS_ROUTE = 'parcel-decisions';
