import { lazy, Suspense, useMemo } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { FullPageLoader, PageLoader } from '../components/FullPageLoader';
import { ScreenErrorBoundary } from '../components/ScreenErrorBoundary';
import { selectSessionInfo } from '../core/session/authSlice';
import { useT } from '../i18n';
import { BlankLayout } from '../layouts/BlankLayout';
import { pathOf, routesFor } from '../navigation/access';
import { NOT_FOUND_PATH } from '../navigation/routes';
import type { RouteDef, RouteMeta } from '../navigation/types';
import { guard } from '../navigation/guard';
import { useAppSelector } from '../core/hooks';
import { RouteScreen } from './RouteScreen';

const ContentLayout = lazy(() => import(/* webpackChunkName: "layout-content" */ '../layouts/ContentLayout'));
const TrackingScreen = lazy(() => import(/* webpackChunkName: "route-tracking" */ '../features/tracking/TrackingScreen'));

/** Every content-layout route needs auth and activation (checked by a unit test). */
export const CONTENT_META: RouteMeta = { layout: 'content', requiresAuth: true, requiresActivation: true };

/**
 * The content layout is only fetched for a session that may see it: a visitor who may not
 * is redirected by the guard before the menu, top bar and footer load.
 */
function GuardedContentLayout() {
  const session = useAppSelector(selectSessionInfo);
  const t = useT();
  const target = guard(CONTENT_META, session);
  if (target) return <Navigate to={pathOf(target, session)} replace />;
  return (
    <ScreenErrorBoundary message={t('error.chunk')} retryLabel={t('error.retry')}>
      <Suspense fallback={<FullPageLoader />}>
        <ContentLayout />
      </Suspense>
    </ScreenErrorBoundary>
  );
}

/** The public tracking page (/suivi, /suivi/{code}): anyone, signed in or not. */
function PublicTracking() {
  const t = useT();
  return (
    <ScreenErrorBoundary message={t('error.chunk')} retryLabel={t('error.retry')}>
      <Suspense fallback={<PageLoader />}>
        <TrackingScreen />
      </Suspense>
    </ScreenErrorBoundary>
  );
}

function routeElements(routes: readonly RouteDef[]) {
  return routes.flatMap((route) =>
    [route.path, ...(route.alias ? [route.alias] : [])].map((path) => (
      <Route key={path} path={path} element={<RouteScreen route={route} />} />
    )),
  );
}

/** The route table of the current session (common routes + the role's routes). */
export function AppRoutes() {
  const session = useAppSelector(selectSessionInfo);
  const routes = useMemo(() => routesFor(session), [session]);
  const blank = routes.filter((route) => route.meta.layout === 'blank');
  const content = routes.filter((route) => route.meta.layout === 'content');

  return (
    <Routes>
      <Route element={<BlankLayout />}>
        {routeElements(blank)}
        <Route path="/suivi" element={<PublicTracking />} />
        <Route path="/suivi/:code" element={<PublicTracking />} />
      </Route>
      <Route element={<GuardedContentLayout />}>{routeElements(content)}</Route>
      <Route path="/compte/*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
      <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
    </Routes>
  );
}
