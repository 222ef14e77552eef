import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useAppDispatch, useAppSelector } from '../core/hooks';
import { useChooseLanguage } from '../core/session/useChooseLanguage';
import { LANGUAGES, useT } from '../i18n';
import { toggleTheme } from '../theme/settingsSlice';

/** Light/dark toggle; kept light (no tooltip) because it is part of the sign-in page's first load. */
export function ThemeToggle() {
  const t = useT();
  const dispatch = useAppDispatch();
  const mode = useAppSelector((state) => state.settings.theme);
  const label = mode === 'dark' ? t('topbar.themeLight') : t('topbar.themeDark');
  return (
    <IconButton
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      data-theme-mode={mode}
      onClick={() => dispatch(toggleTheme())}
      color="inherit"
    >
      {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
    </IconButton>
  );
}

/** FR / EN / AR switch of the sign-in pages. */
export function LanguageSwitch() {
  const t = useT();
  const chooseLanguage = useChooseLanguage();
  const current = useAppSelector((state) => state.settings.language);
  return (
    <Stack direction="row" spacing={0.5} role="group" aria-label={t('topbar.language')}>
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size="small"
          lang={language}
          variant={language === current ? 'contained' : 'text'}
          aria-pressed={language === current}
          onClick={() => chooseLanguage(language)}
          title={t(`language.${language}`)}
          sx={{ minWidth: 40 }}
        >
          {language.toUpperCase()}
        </Button>
      ))}
    </Stack>
  );
}
