import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Scroll resets to the top on every navigation. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
    document.getElementById('main-content')?.scrollTo?.({ top: 0, left: 0 });
  }, [pathname]);
  return null;
}
