import { useSearchParams } from 'react-router';

/** The query parameter that names a screen's open tab. */
export const TAB_PARAM = 'onglet';

/**
 * The tab of a screen kept in its address (`?onglet=`), the first of `tabs` when absent or
 * unknown; choosing the first takes the parameter away, and a tab replaces the history entry.
 */
export function useTabParam<T extends string>(tabs: readonly [T, ...T[]]): [T, (next: T) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(TAB_PARAM);
  const tab = tabs.find((name) => name === asked) ?? tabs[0];
  const choose = (next: T) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (next === tabs[0]) out.delete(TAB_PARAM);
        else out.set(TAB_PARAM, next);
        return out;
      },
      { replace: true },
    );
  return [tab, choose];
}
