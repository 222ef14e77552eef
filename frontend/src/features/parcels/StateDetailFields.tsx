import type { ReactNode } from 'react';
import { today } from '../../components/dates';
import { FormTextField } from '../../components/FormTextField';
import { useT } from '../../i18n';
import '../../i18n/parcels';

/** The date and comment a status move may need: one pair of fields for the admin's state
 *  dialog and the delivery person's outcome sheet. */
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
          error={Boolean(errors.date)}
          helperText={errors.date || t('parcels.state.dateHelp')}
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
        error={Boolean(errors.comment)}
        helperText={errors.comment || (needsComment ? undefined : t('parcels.state.commentHelp'))}
        disabled={busy}
        inputProps={{ maxLength: 500, ...testId('comment') }}
      />
    </>
  );
}
