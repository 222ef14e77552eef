import { useCallback } from 'react';
import type { Language } from '../../i18n/languages';
import { setLanguage } from '../../theme/settingsSlice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { useSaveLanguageMutation } from './api';

/**
 * The language the user picks: applied at once and kept in this browser; a signed-in user's
 * profile keeps it too (PUT /api/users/language), so his other devices and the server's texts
 * follow. Nobody signed in: this browser only.
 */
export function useChooseLanguage(): (language: Language) => void {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => state.auth.status === 'authenticated');
  const [save] = useSaveLanguageMutation();
  return useCallback(
    (language: Language) => {
      dispatch(setLanguage(language));
      if (!signedIn) return;
      save(language)
        .unwrap()
        // The interface keeps the choice all the same; only the profile is behind.
        .catch((error: unknown) => console.warn('The language could not be kept in the profile', error));
    },
    [dispatch, save, signedIn],
  );
}
