import { useState, type ReactNode } from 'react';
import { today } from '../dates';
import { FormTextField } from '../FormTextField';
import { useT } from '../../i18n';
import '../../i18n/parcels';

/** The date and comment a status move may need: one pair of fields for the admin's state
 *  dialog and the delivery person's outcome sheet. A field's message goes as soon as its value
 *  changes (typing, a one-tap reason): it was about the value it was given for. */
export function StateDetailFields({
  needsDate,
  needsComment,
  date,
  onDate,
  comment,
  onComment,
  errors,
  busy,
  beforeComment,
  testIdPrefix,
}: {
  needsDate: boolean;
  needsComment: boolean;
  date: string;
  onDate: (value: string) => void;
  comment: string;
  onComment: (value: string) => void;
  errors: { date?: string; comment?: string };
  busy: boolean;
  /** Shown between the two fields (the outcome sheet's one-tap reasons). */
  beforeComment?: ReactNode;
  /** `outcome` gives the inputs `outcome-date` and `outcome-comment` test ids. */
  testIdPrefix?: string;
}) {
  const t = useT();
  // The values the current messages are about (a new `errors` object: the values of now).
  const [shown, setShown] = useState({ errors, date, comment });
  if (shown.errors !== errors) setShown({ errors, date, comment });
  const current = shown.errors === errors ? shown : { errors, date, comment };
  const dateError = date === current.date ? errors.date : undefined;
  const commentError = comment === current.comment ? errors.comment : undefined;
  const testId = (field: string) => (testIdPrefix ? { 'data-testid': `${testIdPrefix}-${field}` } : {});
  return (
    <>
      {needsDate && (
        <FormTextField
          type="date"
          name="date"
          label={t('parcels.state.date')}
          shrinkLabel
          required
          value={date}
          onChange={(event) => onDate(event.target.value)}
          error={Boolean(dateError)}
          helperText={dateError || t('parcels.state.dateHelp')}
          disabled={busy}
          inputProps={{ min: today(), ...testId('date') }}
        />
      )}
      {beforeComment}
      <FormTextField
        name="comment"
        label={needsComment ? t('parcels.state.reason') : t('parcels.state.comment')}
        required={needsComment}
        multiline
        minRows={2}
        value={comment}
        onChange={(event) => onComment(event.target.value)}
        error={Boolean(commentError)}
        helperText={commentError || (needsComment ? undefined : t('parcels.state.commentHelp'))}
        disabled={busy}
        inputProps={{ maxLength: 500, ...testId('comment') }}
      />
    </>
  );
}
