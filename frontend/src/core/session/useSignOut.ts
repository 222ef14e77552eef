import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../api';
import { forgetOfflineData } from '../offline';
import { useAppDispatch } from '../hooks';
import { LOGIN_PATH } from '../../navigation/routes';
import { useLogoutMutation } from './api';
import { signedOut } from './authSlice';

/** Signs out (GET /api/logout), forgets the session and its cached data, goes to /compte/connexion. */
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
