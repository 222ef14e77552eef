import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n';
import '../../i18n/screens';

export interface RemoteAutocompleteProps<O> {
  name: string;
  label: string;
  value: O | null;
  onChange: (value: O | null) => void;
  /** Options the server answered for the current search text. */
  options: readonly O[];
  loading: boolean;
  /** The text typed (empty once an option is picked); the caller asks the server with it. */
  onSearch: (text: string) => void;
  getKey: (option: O) => string;
  getLabel: (option: O) => string;
  /** A second line under an option (e.g. the e-mail of a merchant). */
  getDetail?: (option: O) => string | undefined;
  error?: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  /** Highlights the first option, so Enter picks it (keyboard-only forms). */
  autoHighlight?: boolean;
  /** What the open list says when nothing matches (« Aucun choix » unless told). */
  noOptionsText?: string;
}

/** Picks one item of a server-side list, searched as the user types. */
export function RemoteAutocomplete<O>({
  name,
  label,
  value,
  onChange,
  options,
  loading,
  onSearch,
  getKey,
  getLabel,
  getDetail,
  error,
  helperText,
  required,
  disabled,
  autoHighlight,
  noOptionsText,
}: RemoteAutocompleteProps<O>) {
  const t = useT();
  // A choice longer than the field (a product's SKU and name on a phone) shows whole under it.
  const inputRef = useRef<HTMLInputElement>(null);
  const [cut, setCut] = useState(false);
  useEffect(() => {
    const input = inputRef.current;
    if (!input || value === null || typeof ResizeObserver === 'undefined') return;
    // Called once at once, then on each change of the field's size.
    const observer = new ResizeObserver(() => setCut(input.scrollWidth > input.clientWidth + 1));
    observer.observe(input);
    return () => {
      observer.disconnect();
      setCut(false);
    };
  }, [value]);
  const whole = cut && value !== null && !error ? getLabel(value) : null;
  // The picked value stays an option, so the list never "loses" it while searching.
  const shown = value && !options.some((option) => getKey(option) === getKey(value)) ? [value, ...options] : options;
  return (
    <Autocomplete<O, false, false, false>
      options={shown}
      value={value}
      onChange={(_event, next) => onChange(next)}
      onInputChange={(_event, text, reason) => onSearch(reason === 'input' ? text : '')}
      onClose={() => onSearch('')}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, current) => getKey(option) === getKey(current)}
      getOptionLabel={getLabel}
      getOptionKey={getKey}
      loading={loading}
      disabled={disabled}
      autoHighlight={autoHighlight}
      loadingText={t('app.loading')}
      noOptionsText={noOptionsText ?? t('form.noOption')}
      openText={t('form.open')}
      closeText={t('common.close')}
      clearText={t('form.clear')}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        const detail = getDetail?.(option);
        return (
          <Box component="li" key={key} {...rest}>
            <Box>
              <Typography variant="body2">{getLabel(option)}</Typography>
              {detail && (
                <Typography variant="caption" color="text.secondary">
                  {detail}
                </Typography>
              )}
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={
            whole ? (
              <>
                <Box component="span" sx={{ display: 'block', color: 'text.primary' }} data-testid="autocomplete-whole">
                  {whole}
                </Box>
                {helperText}
              </>
            ) : (
              error || helperText
            )
          }
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, name },
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {loading && <CircularProgress color="inherit" size={18} />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
