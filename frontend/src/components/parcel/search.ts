// The top-bar search over parcels: up to 5 parcels matching the text (code, phone, name or
// reference), opened in the user's parcel list with their drawer (`?colis=CODE`).
import { useAppSelector } from '../../core/hooks';
import { useDebounced } from '../useDebounced';
import { SEARCH_MAX_RESULTS_PER_TYPE } from '../../theme/constants';
import { pathOf } from '../../navigation/access';
import { selectSessionInfo } from '../../core/session/authSlice';
import { useListParcelsQuery, type Parcel } from './api';
import { PARCEL_PARAM, parcelListRoute } from './views';

/** Characters typed before parcels are searched. */
export const PARCEL_SEARCH_MIN = 2;

export interface ParcelSearch {
  /** The user holds a parcel list (else parcels are not searched). */
  enabled: boolean;
  parcels: Parcel[];
  loading: boolean;
  /** Where a found parcel opens. */
  pathOf: (parcel: Parcel) => string;
}

export function useParcelSearch(query: string, open: boolean): ParcelSearch {
  const session = useAppSelector(selectSessionInfo);
  const route = parcelListRoute(session.role, session.permissions);
  const typed = query.trim();
  const q = useDebounced(typed, 250);
  const skip = !open || !route || q.length < PARCEL_SEARCH_MIN;
  const { data, isFetching } = useListParcelsQuery({ q, per_page: SEARCH_MAX_RESULTS_PER_TYPE }, { skip });
  const listPath = route ? pathOf(route, session) : '';
  return {
    enabled: route !== null,
    parcels: skip || typed.length < PARCEL_SEARCH_MIN ? [] : (data?.data ?? []).slice(0, SEARCH_MAX_RESULTS_PER_TYPE),
    loading: !skip && typed.length >= PARCEL_SEARCH_MIN && (isFetching || q !== typed),
    pathOf: (parcel) => `${listPath}?${PARCEL_PARAM}=${encodeURIComponent(parcel.key)}`,
  };
}
