import type { SxProps, Theme } from '@mui/material/styles';
import { daysBefore, today } from '../dates';
import { FormTextField } from '../FormTextField';
import { formatDate, type Language } from '../../i18n';
import { REATTEMPT_DAYS_MAX } from './api';

/** The days a new attempt may take: today to REATTEMPT_DAYS_MAX days ahead (`YYYY-MM-DD`). */
export function reattemptBounds(now: Date = new Date()): { min: string; max: string } {
  return { min: today(now), max: daysBefore(-REATTEMPT_DAYS_MAX, now) };
}

/** Whether `value` is a day a new attempt may take (the browser's date field lets one type others). */
export function isReattemptDay(value: string, now: Date = new Date()): boolean {
  const { min, max } = reattemptBounds(now);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= min && value <= max;
}

/** A chosen day (`YYYY-MM-DD`, the user's own calendar) in words: « jeudi 5 mars 2026 ». */
export function dayText(day: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  return formatDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])), language, { dateStyle: 'full' });
}

interface Props {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  helperText?: string;
  error?: string;
  disabled?: boolean;
  testId?: string;
  sx?: SxProps<Theme>;
}

/**
 * The day of a new attempt after a failed one: a date field from today to 14 days ahead, its
 * label always above it. The merchant's dialogs and the recipient's tracking page share it.
 */
export function DecisionDateField({ name, label, value, onChange, helperText, error, disabled, testId, sx }: Props) {
  const { min, max } = reattemptBounds();
  return (
    <FormTextField
      type="date"
      name={name}
      label={label}
      shrinkLabel
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error || helperText}
      disabled={disabled}
      sx={sx}
      inputProps={{ min, max, ...(testId ? { 'data-testid': testId } : {}) }}
    />
  );
}
