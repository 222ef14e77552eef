import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue } from 'react';
import type { CustomFieldProps } from '../../components/form/fields';
import { useT } from '../../i18n';
import { Markdown } from './Markdown';
import '../../i18n/support';

/** The Markdown of a guide and its live preview, side by side (stacked on a phone). */
export function MarkdownEditor({ name, label, value, onChange, error, helperText, required, disabled }: CustomFieldProps) {
  const t = useT();
  const text = typeof value === 'string' ? value : '';
  const preview = useDeferredValue(text);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <TextField
        name={name}
        label={label}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={error || helperText}
        required={required}
        disabled={disabled}
        multiline
        minRows={14}
        maxRows={30}
        fullWidth
        slotProps={{ htmlInput: { maxLength: 20000, 'data-testid': 'guide-body-input', spellCheck: true } }}
        sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
      />
      <Box
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minWidth: 0, maxHeight: 640, overflow: 'auto' }}
        aria-label={t('guides.preview')}
        role="region"
      >
        <Typography variant="overline" color="text.secondary">
          {t('guides.preview')}
        </Typography>
        {preview.trim() ? (
          <Markdown source={preview} testId="guide-preview" />
        ) : (
          <Typography color="text.secondary">{t('guides.previewEmpty')}</Typography>
        )}
      </Box>
    </Box>
  );
}
