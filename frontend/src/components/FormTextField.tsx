import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

export interface FormTextFieldProps
  extends Pick<
    OutlinedInputProps,
    | 'name'
    | 'type'
    | 'value'
    | 'onChange'
    | 'onKeyDown'
    | 'onFocus'
    | 'autoComplete'
    | 'autoFocus'
    | 'endAdornment'
    | 'startAdornment'
    | 'readOnly'
    | 'inputRef'
    | 'placeholder'
    | 'disabled'
    | 'multiline'
    | 'minRows'
  > {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  /** Label always above the input (dates). */
  shrinkLabel?: boolean;
  inputProps?: OutlinedInputProps['inputProps'];
  sx?: SxProps<Theme>;
}

/**
 * An outlined text field built from FormControl + OutlinedInput. MUI's TextField also pulls in
 * Select, Menu and Modal; this lighter field keeps the sign-in page's first load small.
 */
export function FormTextField({
  label,
  helperText,
  error,
  required,
  fullWidth = true,
  shrinkLabel,
  inputProps,
  sx,
  ...input
}: FormTextFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl variant="outlined" error={error} required={required} fullWidth={fullWidth} sx={sx}>
      <InputLabel htmlFor={id} shrink={shrinkLabel}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={required ? `${label} *` : label}
        notched={shrinkLabel}
        inputProps={{ ...inputProps, 'aria-describedby': helperId }}
        {...input}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
