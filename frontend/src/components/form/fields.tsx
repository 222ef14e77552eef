import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { useT } from '../../i18n';
import { FormTextField } from '../FormTextField';
import { CURRENCY_SYMBOL } from '../money';
import '../../i18n/screens';

/** Values of a form, in the API's units (money in centimes). */
export type FormValues = Record<string, unknown>;

export interface CheckboxOption {
  value: string;
  label: string;
}

export interface CheckboxGroup {
  /** Group heading (e.g. a menu section); omitted for a flat list. */
  label?: string;
  options: readonly CheckboxOption[];
}

/** One choice of a `radio` field. */
export interface RadioOption {
  value: string;
  label: string;
  testId?: string;
}

/** What a custom field's `render` receives. */
export interface CustomFieldProps {
  name: string;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The error to show under the field (server 422 or client check). */
  error?: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  values: FormValues;
}

interface BaseField<V> {
  /** The value's name in the form values, the input's `name` and the server error key. */
  name: Extract<keyof V, string>;
  label: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  /** Spans the whole width of the two-column grid. */
  wide?: boolean;
  /** Other server error keys to show under this field. */
  errorKeys?: readonly string[];
  autoFocus?: boolean;
  /** The server's length limit (text fields): a paste stops where the server would refuse. */
  maxLength?: number;
}

export type TextFieldType = 'text' | 'email' | 'tel' | 'password' | 'multiline';

export type FieldDef<V = FormValues> =
  | (BaseField<V> & { type?: TextFieldType; autoComplete?: string; inputMode?: 'numeric' | 'tel' | 'email' | 'text' })
  /** Dirhams in the input, centimes in the values. */
  | (BaseField<V> & { type: 'money' })
  | (BaseField<V> & { type: 'switch' })
  /** A set of checkboxes; the value is the list of ticked option values. */
  | (BaseField<V> & { type: 'checkboxes'; groups: readonly CheckboxGroup[] })
  /** One choice among a few, all in sight (radio buttons in a row, wrapping on a phone). */
  | (BaseField<V> & { type: 'radio'; options: readonly RadioOption[] })
  | (BaseField<V> & { type: 'custom'; render: (props: CustomFieldProps) => ReactNode });

interface FieldProps {
  field: FieldDef<FormValues>;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  disabled: boolean;
  values: FormValues;
}

/** One field of a form dialog. Money values arrive here as the text being typed. */
export function FormField({ field, value, onChange, error, disabled, values }: FieldProps) {
  const helperText = error || field.helperText;
  const isDisabled = disabled || field.disabled;
  const textProps = {
    name: field.name,
    label: field.label,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
    error: Boolean(error),
    helperText,
    required: field.required,
    disabled: isDisabled,
    autoFocus: field.autoFocus,
  };
  switch (field.type) {
    case 'switch':
      return (
        <FormControl error={Boolean(error)}>
          <FormControlLabel
            control={
              <Switch
                name={field.name}
                checked={Boolean(value)}
                onChange={(event) => onChange(event.target.checked)}
                disabled={isDisabled}
              />
            }
            label={field.label}
          />
          {helperText && <FormHelperText>{helperText}</FormHelperText>}
        </FormControl>
      );
    case 'checkboxes':
      return (
        <CheckboxesField
          field={field}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={onChange}
          error={error}
          disabled={Boolean(isDisabled)}
        />
      );
    case 'radio':
      return <RadioField field={field} value={typeof value === 'string' ? value : ''} onChange={onChange} error={error} disabled={Boolean(isDisabled)} />;
    case 'custom':
      return (
        <>
          {field.render({
            name: field.name,
            label: field.label,
            value,
            onChange,
            error,
            helperText: field.helperText,
            required: field.required,
            disabled: isDisabled,
            values,
          })}
        </>
      );
    case 'money':
      return (
        <FormTextField
          {...textProps}
          value={typeof value === 'string' ? value : ''}
          inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
          endAdornment={<InputAdornment position="end">{CURRENCY_SYMBOL}</InputAdornment>}
        />
      );
    default: {
      const type = field.type ?? 'text';
      return (
        <FormTextField
          {...textProps}
          type={type === 'multiline' ? 'text' : type}
          value={typeof value === 'string' ? value : value == null ? '' : String(value)}
          autoComplete={field.autoComplete ?? (type === 'password' ? 'new-password' : 'off')}
          multiline={type === 'multiline'}
          minRows={type === 'multiline' ? 2 : undefined}
          inputProps={field.inputMode || field.maxLength ? { inputMode: field.inputMode, maxLength: field.maxLength } : undefined}
        />
      );
    }
  }
}

function CheckboxesField({
  field,
  value,
  onChange,
  error,
  disabled,
}: {
  field: BaseField<FormValues> & { groups: readonly CheckboxGroup[] };
  value: string[];
  onChange: (value: unknown) => void;
  error?: string;
  disabled: boolean;
}) {
  const t = useT();
  const all = field.groups.flatMap((group) => group.options.map((option) => option.value));
  const ticked = new Set(value);
  const toggle = (option: string, checked: boolean) => {
    const next = new Set(ticked);
    if (checked) next.add(option);
    else next.delete(option);
    // Keep the options' order (menu order), whatever the clicks' order.
    onChange(all.filter((name) => next.has(name)));
  };
  return (
    <FormControl component="fieldset" error={Boolean(error)} disabled={disabled} fullWidth data-testid={`checkboxes-${field.name}`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <FormLabel component="legend">{field.label}</FormLabel>
        <Stack direction="row" spacing={1}>
          <Button size="small" onClick={() => onChange(all)} disabled={disabled}>
            {t('form.checkAll')}
          </Button>
          <Button size="small" onClick={() => onChange([])} disabled={disabled}>
            {t('form.checkNone')}
          </Button>
        </Stack>
      </Stack>
      {field.groups.map((group, index) => (
        <Box key={group.label ?? index} sx={{ mt: 1 }}>
          {group.label && (
            <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: '0.05em' }}>
              {group.label}
            </Typography>
          )}
          <FormGroup row>
            {group.options.map((option) => (
              <FormControlLabel
                key={option.value}
                sx={{ minWidth: 220 }}
                control={
                  <Checkbox
                    size="small"
                    name={field.name}
                    value={option.value}
                    checked={ticked.has(option.value)}
                    onChange={(event) => toggle(option.value, event.target.checked)}
                  />
                }
                label={option.label}
              />
            ))}
          </FormGroup>
        </Box>
      ))}
      {(error || field.helperText) && <FormHelperText>{error || field.helperText}</FormHelperText>}
    </FormControl>
  );
}

function RadioField({
  field,
  value,
  onChange,
  error,
  disabled,
}: {
  field: BaseField<FormValues> & { options: readonly RadioOption[] };
  value: string;
  onChange: (value: unknown) => void;
  error?: string;
  disabled: boolean;
}) {
  const labelId = useId();
  return (
    <FormControl error={Boolean(error)} disabled={disabled}>
      <FormLabel id={labelId}>{field.label}</FormLabel>
      <RadioGroup row name={field.name} aria-labelledby={labelId} value={value} onChange={(event) => onChange(event.target.value)}>
        {field.options.map((option) => (
          <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} data-testid={option.testId} />
        ))}
      </RadioGroup>
      {(error || field.helperText) && <FormHelperText>{error || field.helperText}</FormHelperText>}
    </FormControl>
  );
}
