import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PARCEL_PARAM } from './views';

/**
 * The parcel whose drawer a screen shows (`?colis=CODE`, so a reload or a link opens it again),
 * and the function that opens one (a new history entry) or closes it (`null`, replacing it).
 */
export function useOpenedParcel(): [opened: string | null, open: (key: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const open = useCallback(
    (key: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (key) next.set(PARCEL_PARAM, key);
          else next.delete(PARCEL_PARAM);
          return next;
        },
        { replace: key === null },
      ),
    [setParams],
  );
  return [params.get(PARCEL_PARAM), open];
}
