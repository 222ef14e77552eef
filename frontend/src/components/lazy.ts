import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A named export of a lazily imported module as a component, e.g.
 * `lazyNamed(() => import(/* webpackChunkName: "x" *\/ './X'), 'X')`: drawers and dialogs that
 * most visits never open stay out of their screen's chunk.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the component keeps its own type
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/**
 * False until `wanted` first becomes true, then true for good: a lazily loaded drawer or dialog
 * mounts (and loads) when first needed, then stays mounted for its closing animation.
 */
export function useLoadedOnce(wanted: boolean): boolean {
  const [loaded, setLoaded] = useState(wanted);
  if (wanted && !loaded) setLoaded(true);
  return loaded || wanted;
}
