import type { FormValues } from '../form/fields';
import { FormDialog } from '../form/FormDialog';
import { useT } from '../../i18n';
import { TICKET_CATEGORIES, useCreateTicketMutation, type TicketCategory, type TicketDetail } from './api';
import { SelectField } from './fields';
import { ParcelCodeAutocomplete, type ParcelOption } from './ParcelCodeAutocomplete';
import '../../i18n/support';

interface NewTicketForm extends FormValues {
  subject: string;
  category: TicketCategory | '';
  parcel: ParcelOption | null;
  message: string;
}

interface Props {
  open: boolean;
  onClose: () => void;
  /** The parcel the ticket is about (« Signaler un problème » on a parcel). */
  parcel?: string | null;
  /** After the server created it. */
  onCreated?: (ticket: TicketDetail) => void;
}

/** The merchant's « Nouveau ticket »: subject, category, optional parcel picked by code, first message. */
export function NewTicketDialog({ open, onClose, parcel, onCreated }: Props) {
  const t = useT();
  const [createTicket] = useCreateTicketMutation();
  return (
    <FormDialog<NewTicketForm>
      open={open}
      title={t('support.newTitle')}
      testId="new-ticket-dialog"
      submitLabel={t('support.send')}
      initialValues={{
        subject: '',
        category: parcel ? 'parcel' : '',
        parcel: parcel ? { key: parcel, label: parcel } : null,
        message: '',
      }}
      fields={[
        { name: 'subject', label: t('support.subject'), required: true, wide: true, autoFocus: true, maxLength: 150 },
        {
          name: 'category',
          label: t('support.category'),
          type: 'custom',
          required: true,
          render: (props) => (
            <SelectField {...props} options={TICKET_CATEGORIES.map((value) => ({ value, label: t(`support.category.${value}`) }))} />
          ),
        },
        {
          name: 'parcel',
          label: t('support.parcel'),
          type: 'custom',
          helperText: t('support.parcelHelp'),
          render: (props) => <ParcelCodeAutocomplete {...props} />,
        },
        { name: 'message', label: t('support.message'), type: 'multiline', required: true, wide: true, maxLength: 5000 },
      ]}
      onSubmit={async (values) => {
        const answer = await createTicket({
          subject: values.subject.trim(),
          // A required field: the form is not sent without one.
          category: values.category as TicketCategory,
          ...(values.parcel ? { parcel: values.parcel.key } : {}),
          message: values.message.trim(),
        }).unwrap();
        return answer.data;
      }}
      onSaved={(ticket) => onCreated?.(ticket as TicketDetail)}
      onClose={onClose}
    />
  );
}
