import { Suspense, useEffect, useLayoutEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/FullPageLoader';
import { ScreenErrorBoundary } from '../components/ScreenErrorBoundary';
import { productName } from '../config';
import { selectSessionInfo } from '../core/session/authSlice';
import { useT, type MessageKey } from '../i18n';
import { pathOf } from '../navigation/access';
import { SCREENS } from '../navigation/screens';
import type { RouteDef } from '../navigation/types';
import { guard } from '../navigation/guard';
import { useAppSelector } from '../core/hooks';
import { removeEarlySignIn } from '../core/earlySignIn';

/** A route's screen, behind the guard, with its page title. */
export function RouteScreen({ route }: { route: RouteDef }) {
  const session = useAppSelector(selectSessionInfo);
  const location = useLocation();
  const t = useT();
  const target = guard(route.meta, session);
  const title = t(`route.${route.name}` as MessageKey);

  // The sign-in screen takes over the plain-HTML form of a slow first load; any other screen
  // simply shows instead of it.
  useLayoutEffect(() => {
    if (!target && route.screen !== 'login') removeEarlySignIn();
  }, [target, route.screen]);

  useEffect(() => {
    if (!target) document.title = `${title} | ${productName()}`;
  }, [target, title]);

  if (target) return <Navigate to={pathOf(target, session)} replace />;

  const Screen = SCREENS[route.screen];
  return (
    <ScreenErrorBoundary message={t('error.chunk')} retryLabel={t('error.retry')} resetKey={location.pathname}>
      <Suspense fallback={<PageLoader />}>
        <Screen route={route} />
      </Suspense>
    </ScreenErrorBoundary>
  );
}
