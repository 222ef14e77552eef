import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FullPageLoader } from '../components/FullPageLoader';
import { loadUser } from '../core/session/api';
import { restoreFailed } from '../core/session/authSlice';
import { GUEST, routesFor } from '../navigation/access';
import { FORGOTTEN_PASSWORD_PATH, LOGIN_PATH, RESET_PASSWORD_PATH, UNSUBSCRIBE_PATH } from '../navigation/routes';
import { useAppDispatch, useAppSelector } from '../core/hooks';
import { useOfflineApp } from '../core/offline';

/** Pages that need a session: when it cannot be restored there, the app goes to sign-in. */
const PROTECTED_PATHS = new Set(
  routesFor(GUEST)
    .filter((route) => route.meta.requiresAuth)
    .flatMap((route) => [route.path, ...(route.alias ? [route.alias] : [])]),
);

/**
 * Public pages that never use a session: no restore call (and no 401 in the console) there. The
 * tracking page, the forgotten and new password pages (a new password ends every session), and
 * the recipients' STOP page.
 */
const PUBLIC_ONLY = new RegExp(`^(/suivi|${FORGOTTEN_PASSWORD_PATH}|${RESET_PASSWORD_PATH}|${UNSUBSCRIBE_PATH})(/|$)`);

/**
 * The delivery person's queue of outcomes recorded offline, sent as soon as he is signed in,
 * whichever screen he is on (features/vouchers/OutcomeSync): its code is loaded for him only.
 * Loaded by hand rather than with `lazy`: without a network and not yet kept by the offline app,
 * it is tried again when the network returns, and nothing else on the screen fails meanwhile.
 */
function DeliveryOutcomeSync() {
  const [Sync, setSync] = useState<ComponentType | null>(null);
  useEffect(() => {
    let stopped = false;
    const load = () => {
      import(/* webpackChunkName: "delivery-outcome-sync" */ '../features/vouchers/OutcomeSync')
        .then((module) => {
          if (!stopped) setSync(() => module.default);
        })
        .catch(() => {
          if (!stopped) window.addEventListener('online', load, { once: true });
        });
    };
    load();
    return () => {
      stopped = true;
      window.removeEventListener('online', load);
    };
  }, []);
  return Sync ? <Sync /> : null;
}

/** Restores the session at start-up, showing a loader meanwhile; on failure goes to sign-in. */
export function SessionBootstrap({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const status = useAppSelector((state) => state.auth.status);
  const delivering = useAppSelector((state) => state.auth.status === 'authenticated' && state.auth.active && state.auth.role === 'delivery-admin');
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
  return (
    <>
      {children}
      {delivering && <DeliveryOutcomeSync />}
    </>
  );
}
