// The dialogs of the parcel row actions: edit (merchant, new parcels), cancel, change the
// recipient's address, reassign to another delivery person (admin).
import { FormDialog } from '../../components/form/FormDialog';
import type { FormValues } from '../../components/form/fields';
import { useT } from '../../i18n';
import type { CityOption } from '../../components/city/CityAutocomplete';
import { useListShopsQuery } from '../../components/shop/api';
import {
  useCancelParcelMutation,
  useChangeAddressMutation,
  useReassignParcelsMutation,
  useUpdateParcelMutation,
  type Parcel,
} from '../../components/parcel/api';
import { DeliveryPersonAutocomplete, type DeliveryPersonOption } from '../../components/parcel/DeliveryPersonAutocomplete';
import { CityField, ShopSelect } from '../../components/parcel/fields';
import '../../i18n/parcels';
import '../../i18n/screens';

interface DialogProps {
  /** The parcel, kept while the dialog closes. */
  parcel: Parcel | null;
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const orNull = (value: unknown) => text(value) || null;

interface EditValues extends FormValues {
  shop: string;
  recipient_name: string;
  recipient_phone: string;
  recipient_phone_alt: string;
  city: CityOption | null;
  address: string;
  cod_amount: number | null;
  product: string;
  quantity: string;
  reference: string;
  note: string;
  can_open: boolean;
  can_try: boolean;
  fragile: boolean;
}

/** Edits a new parcel (PUT /api/parcels/{key}). */
export function EditParcelDialog({ parcel, open, onClose, onDone }: DialogProps) {
  const t = useT();
  const [update] = useUpdateParcelMutation();
  const { data: shops } = useListShopsQuery({ page: 1, per_page: 100, sort: 'name' }, { skip: parcel === null });
  return (
    <FormDialog<EditValues>
      open={open && parcel !== null}
      title={t('parcels.editTitle', { code: parcel?.key ?? '' })}
      maxWidth="md"
      testId="parcel-edit-dialog"
      initialValues={
        parcel
          ? {
              shop: parcel.shop,
              recipient_name: parcel.recipient_name,
              recipient_phone: parcel.recipient_phone,
              recipient_phone_alt: parcel.recipient_phone_alt ?? '',
              city: { key: parcel.city, name: parcel.city_name },
              address: parcel.address,
              cod_amount: parcel.cod_amount,
              product: parcel.product,
              quantity: String(parcel.quantity),
              reference: parcel.reference ?? '',
              note: parcel.note ?? '',
              can_open: parcel.can_open,
              can_try: parcel.can_try,
              fragile: parcel.fragile,
            }
          : ({} as EditValues)
      }
      fields={[
        (shops?.data.length ?? 0) > 1 && {
          name: 'shop',
          label: t('parcels.shop'),
          type: 'custom',
          required: true,
          wide: true,
          render: (props) => <ShopSelect {...props} shops={shops?.data ?? []} value={String(props.value ?? '')} onChange={props.onChange} />,
        },
        { name: 'recipient_name', label: t('parcels.recipientName'), required: true, autoFocus: true },
        { name: 'recipient_phone', label: t('parcels.phone'), type: 'tel', required: true, inputMode: 'tel' },
        { name: 'recipient_phone_alt', label: t('parcels.phoneAlt'), type: 'tel', inputMode: 'tel' },
        {
          name: 'city',
          label: t('parcels.city'),
          type: 'custom',
          required: true,
          render: (props) => <CityField {...props} value={(props.value as CityOption | null) ?? null} onChange={props.onChange} />,
        },
        { name: 'address', label: t('parcels.address'), required: true, wide: true },
        { name: 'cod_amount', label: t('parcels.amount'), type: 'money', required: true },
        { name: 'product', label: t('parcels.product'), required: true },
        { name: 'quantity', label: t('parcels.quantity'), inputMode: 'numeric' },
        { name: 'reference', label: t('parcels.reference') },
        { name: 'note', label: t('parcels.note'), type: 'multiline', wide: true },
        { name: 'can_open', label: t('parcels.canOpen'), type: 'switch' },
        { name: 'can_try', label: t('parcels.canTry'), type: 'switch' },
        { name: 'fragile', label: t('parcels.fragile'), type: 'switch' },
      ]}
      onSubmit={(values) =>
        update({
          key: parcel!.key,
          body: {
            shop: values.shop,
            recipient_name: text(values.recipient_name),
            recipient_phone: text(values.recipient_phone),
            recipient_phone_alt: orNull(values.recipient_phone_alt),
            city: values.city?.key ?? '',
            address: text(values.address),
            cod_amount: values.cod_amount,
            product: text(values.product),
            quantity: Number(values.quantity) || 1,
            reference: orNull(values.reference),
            note: orNull(values.note),
            can_open: values.can_open,
            can_try: values.can_try,
            fragile: values.fragile,
          },
        }).unwrap()
      }
      onSaved={() => onDone(t('parcels.saved', { code: parcel?.key ?? '' }))}
      onClose={onClose}
    />
  );
}

interface CommentValues extends FormValues {
  comment: string;
}

/** Cancels a parcel not yet picked up (PUT /api/parcels/{key}/cancel), with an optional reason. */
export function CancelParcelDialog({ parcel, open, onClose, onDone }: DialogProps) {
  const t = useT();
  const [cancel] = useCancelParcelMutation();
  return (
    <FormDialog<CommentValues>
      open={open && parcel !== null}
      title={t('parcels.cancelTitle', { code: parcel?.key ?? '' })}
      testId="parcel-cancel-dialog"
      intro={t('parcels.cancelBody')}
      initialValues={{ comment: '' }}
      fields={[{ name: 'comment', label: t('parcels.cancelReason'), type: 'multiline', wide: true, autoFocus: true }]}
      submitLabel={t('parcels.cancelConfirm')}
      // Not "Annuler" next to "Annuler le colis".
      cancelLabel={t('common.back')}
      onSubmit={(values) => cancel({ key: parcel!.key, comment: text(values.comment) || undefined }).unwrap()}
      onSaved={() => onDone(t('parcels.cancelled', { code: parcel?.key ?? '' }))}
      onClose={onClose}
    />
  );
}

interface AddressValues extends FormValues {
  recipient_phone: string;
  recipient_phone_alt: string;
  city: CityOption | null;
  address: string;
}

/** Changes the recipient's phone, city and address (PUT /api/parcels/{key}/change-address). */
export function AddressDialog({ parcel, open, onClose, onDone }: DialogProps) {
  const t = useT();
  const [change] = useChangeAddressMutation();
  return (
    <FormDialog<AddressValues>
      open={open && parcel !== null}
      title={t('parcels.addressTitle', { code: parcel?.key ?? '' })}
      testId="parcel-address-dialog"
      intro={parcel?.delivery_admin ? t('parcels.addressIntroDeliveryPerson') : undefined}
      initialValues={
        parcel
          ? {
              recipient_phone: parcel.recipient_phone,
              recipient_phone_alt: parcel.recipient_phone_alt ?? '',
              city: { key: parcel.city, name: parcel.city_name },
              address: parcel.address,
            }
          : ({} as AddressValues)
      }
      fields={[
        { name: 'recipient_phone', label: t('parcels.phone'), type: 'tel', required: true, inputMode: 'tel', autoFocus: true },
        { name: 'recipient_phone_alt', label: t('parcels.phoneAlt'), type: 'tel', inputMode: 'tel' },
        {
          name: 'city',
          label: t('parcels.city'),
          type: 'custom',
          required: true,
          wide: true,
          render: (props) => <CityField {...props} value={(props.value as CityOption | null) ?? null} onChange={props.onChange} />,
        },
        { name: 'address', label: t('parcels.address'), required: true, wide: true },
      ]}
      onSubmit={(values) =>
        change({
          key: parcel!.key,
          body: {
            recipient_phone: text(values.recipient_phone),
            recipient_phone_alt: orNull(values.recipient_phone_alt),
            city: values.city?.key,
            address: text(values.address),
          },
        }).unwrap()
      }
      onSaved={() => onDone(t('parcels.addressSaved', { code: parcel?.key ?? '' }))}
      onClose={onClose}
    />
  );
}

interface ReassignValues extends FormValues {
  delivery_admin: DeliveryPersonOption | null;
  comment: string;
}

/** Gives a parcel out for delivery to another delivery person (PUT /api/parcels/delivery-admins/{key}). */
export function ReassignDialog({ parcel, open, onClose, onDone }: DialogProps) {
  const t = useT();
  const [reassign] = useReassignParcelsMutation();
  return (
    <FormDialog<ReassignValues>
      open={open && parcel !== null}
      title={t('parcels.reassignTitle', { code: parcel?.key ?? '' })}
      testId="parcel-reassign-dialog"
      intro={parcel?.delivery_admin_name ? t('parcels.reassignIntro', { name: parcel.delivery_admin_name }) : undefined}
      initialValues={{ delivery_admin: null, comment: '' }}
      validate={(values): Record<string, string> => (values.delivery_admin ? {} : { delivery_admin: t('parcels.reassignRequired') })}
      fields={[
        {
          name: 'delivery_admin',
          label: t('parcels.deliveryPerson'),
          type: 'custom',
          required: true,
          wide: true,
          errorKeys: ['parcels'],
          render: (props) => (
            <DeliveryPersonAutocomplete
              {...props}
              value={(props.value as DeliveryPersonOption | null) ?? null}
              onChange={props.onChange}
              exclude={parcel?.delivery_admin}
            />
          ),
        },
        { name: 'comment', label: t('parcels.state.comment'), type: 'multiline', wide: true },
      ]}
      submitLabel={t('parcels.reassignSubmit')}
      onSubmit={(values) =>
        reassign({ deliveryPerson: values.delivery_admin!.key, parcels: [parcel!.key], comment: text(values.comment) || undefined }).unwrap()
      }
      onSaved={() => onDone(t('parcels.reassigned', { code: parcel?.key ?? '' }))}
      onClose={onClose}
    />
  );
}
