import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../api';
import { forgetOfflineData } from '../offline';
import { useAppDispatch } from '../hooks';
import { LOGIN_PATH } from '../../navigation/routes';
import { useLogoutMutation } from './api';
import { signedOut } from './authSlice';

/**
 * Signs out (GET /api/logout), forgets the session and its cached data, goes to /compte/connexion.
 * The outcomes a delivery person recorded offline and not yet sent are kept (his, in IndexedDB:
 * components/parcel/outcomeQueue.ts): the sign-in page says how many wait, and they are sent as
 * soon as he signs in again. Nothing he recorded is dropped by signing out.
 */
export function useSignOut(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  return useCallback(async () => {
    try {
      await logout().unwrap();
    } catch (error) {
      // The session is forgotten locally all the same.
      console.error('Sign-out request failed', error);
    }
    dispatch(signedOut());
    dispatch(api.util.resetApiState());
    await forgetOfflineData();
    navigate(LOGIN_PATH, { replace: true });
  }, [dispatch, logout, navigate]);
}
