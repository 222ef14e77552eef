import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { CustomFieldProps } from '../form/fields';

/** A drop-down form field (custom field of a FormDialog). */
export function SelectField({
  name,
  label,
  value,
  onChange,
  error,
  helperText,
  required,
  disabled,
  options,
}: Pick<CustomFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'error' | 'helperText' | 'required' | 'disabled'> & {
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <TextField
      select
      fullWidth
      name={name}
      label={label}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error || helperText}
      required={required}
      disabled={disabled}
      slotProps={{ htmlInput: { 'data-testid': `select-${name}` } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A date form field (YYYY-MM-DD, empty: none). */
export function DateField({
  name,
  label,
  value,
  onChange,
  error,
  helperText,
  required,
  disabled,
}: Pick<CustomFieldProps, 'name' | 'label' | 'value' | 'onChange' | 'error' | 'helperText' | 'required' | 'disabled'>) {
  return (
    <TextField
      type="date"
      fullWidth
      name={name}
      label={label}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error || helperText}
      required={required}
      disabled={disabled}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': label } }}
    />
  );
}
