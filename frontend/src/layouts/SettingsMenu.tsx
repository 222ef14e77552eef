import TuneOutlined from '@mui/icons-material/TuneOutlined';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../core/hooks';
import { useChooseLanguage } from '../core/session/useChooseLanguage';
import { LANGUAGES, useT, type Language } from '../i18n';
import type { ContentWidth, Skin, ThemeMode } from '../theme/constants';
import { setContentWidth, setSkin, setTheme } from '../theme/settingsSlice';

function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: ReactNode }>;
  onChange: (value: T) => void;
  testId: string;
}) {
  return (
    <Stack spacing={0.75}>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        fullWidth
        value={value}
        onChange={(_event, next: T | null) => next && onChange(next)}
        aria-label={label}
        data-testid={testId}
      >
        {options.map((option) => (
          <ToggleButton key={option.value} value={option.value} sx={{ textTransform: 'none' }}>
            {option.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Stack>
  );
}

/** Theme, skin, content width and language (the direction follows the language). */
export function SettingsMenu() {
  const t = useT();
  const dispatch = useAppDispatch();
  const chooseLanguage = useChooseLanguage();
  const settings = useAppSelector((state) => state.settings);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <>
      <Tooltip title={t('topbar.settings')}>
        <IconButton
          color="inherit"
          aria-label={t('topbar.settings')}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="settings-button"
        >
          <TuneOutlined />
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Stack spacing={2} sx={{ p: 2.5, width: 300 }} data-testid="settings-panel">
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('settings.title')}
          </Typography>
          <Choice<ThemeMode>
            label={t('settings.theme')}
            value={settings.theme}
            testId="settings-theme"
            options={[
              { value: 'light', label: t('settings.theme.light') },
              { value: 'dark', label: t('settings.theme.dark') },
            ]}
            onChange={(value) => dispatch(setTheme(value))}
          />
          <Choice<Skin>
            label={t('settings.skin')}
            value={settings.skin}
            testId="settings-skin"
            options={[
              { value: 'bordered', label: t('settings.skin.bordered') },
              { value: 'default', label: t('settings.skin.default') },
            ]}
            onChange={(value) => dispatch(setSkin(value))}
          />
          <Choice<ContentWidth>
            label={t('settings.contentWidth')}
            value={settings.contentWidth}
            testId="settings-content-width"
            options={[
              { value: 'full', label: t('settings.contentWidth.full') },
              { value: 'boxed', label: t('settings.contentWidth.boxed') },
            ]}
            onChange={(value) => dispatch(setContentWidth(value))}
          />
          <Choice<Language>
            label={t('settings.language')}
            value={settings.language}
            testId="settings-language"
            options={LANGUAGES.map((language) => ({ value: language, label: <span lang={language}>{t(`language.${language}`)}</span> }))}
            onChange={chooseLanguage}
          />
        </Stack>
      </Popover>
    </>
  );
}
