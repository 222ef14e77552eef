import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader';
import { loadUser } from '../core/session/api';
import { restoreFailed } from '../core/session/authSlice';
import { GUEST, routesFor } from '../navigation/access';
import { LOGIN_PATH } from '../navigation/routes';
import { useAppDispatch, useAppSelector } from '../core/hooks';
import { useOfflineApp } from '../core/offline';

/** Pages that need a session: when it cannot be restored there, the app goes to sign-in. */
const PROTECTED_PATHS = new Set(
  routesFor(GUEST)
    .filter((route) => route.meta.requiresAuth)
    .flatMap((route) => [route.path, ...(route.alias ? [route.alias] : [])]),
);

/** Public pages that never use a session: no restore call (and no 401 in the console) there. */
const PUBLIC_ONLY = /^\/suivi(\/|$)/;

/** Restores the session at start-up, showing a loader meanwhile; on failure goes to sign-in. */
export function SessionBootstrap({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const status = useAppSelector((state) => state.auth.status);
  const navigate = useNavigate();
  const location = useLocation();
  const started = useRef(false);
  const startPath = useRef(location.pathname);
  useOfflineApp();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (PUBLIC_ONLY.test(startPath.current)) {
      dispatch(restoreFailed());
      return;
    }
    loadUser(dispatch).catch(() => {
      dispatch(restoreFailed());
      if (PROTECTED_PATHS.has(startPath.current)) navigate(LOGIN_PATH, { replace: true });
    });
  }, [dispatch, navigate]);

  if (status === 'unknown') return <FullPageLoader />;
  return <>{children}</>;
}
