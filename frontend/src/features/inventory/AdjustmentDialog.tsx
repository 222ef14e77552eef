import { FormDialog } from '../../components/form/FormDialog';
import type { FormValues } from '../../components/form/fields';
import { useT } from '../../i18n';
import { useCreateMovementMutation, type Inventory } from '../../components/inventory/api';
import { ProductPicker } from '../../components/inventory/ProductPicker';
import '../../i18n/inventory';

interface Values extends FormValues {
  inventory: Inventory | null;
  quantity: string;
  comment: string;
}

/** Admin: corrects a product's stock on hand by a signed quantity, with the reason. */
export function AdjustmentDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const [create] = useCreateMovementMutation();
  return (
    <FormDialog<Values>
      open={open}
      testId="adjustment-dialog"
      title={t('inventory.adjustment')}
      fields={[
        {
          name: 'inventory',
          label: t('inventory.product'),
          type: 'custom',
          required: true,
          wide: true,
          render: ({ name, label, value, onChange, error, disabled }) => (
            <ProductPicker name={name} label={label} value={(value as Inventory | null) ?? null} onChange={onChange} error={error} disabled={disabled} required showMerchant />
          ),
        },
        { name: 'quantity', label: t('inventory.delta'), required: true, helperText: t('inventory.deltaHelp'), wide: true, maxLength: 8 },
        { name: 'comment', label: t('inventory.comment'), type: 'multiline', required: true, wide: true, maxLength: 500 },
      ]}
      initialValues={{ inventory: null, quantity: '', comment: '' }}
      validate={(values) => {
        const out: Record<string, string> = {};
        if (!values.inventory) out.inventory = t('inventory.pickProduct');
        const text = values.quantity.trim().replace(/^\+/, '').replace('−', '-');
        if (!/^-?\d+$/.test(text) || Number(text) === 0) out.quantity = t('inventory.deltaWrong');
        if (!values.comment.trim()) out.comment = t('inventory.commentRequired');
        return out;
      }}
      submitLabel={t('inventory.apply')}
      onSubmit={(values) =>
        create({
          inventory: values.inventory!.key,
          type: 'adjustment',
          quantity: Number(values.quantity.trim().replace(/^\+/, '').replace('−', '-')),
          comment: values.comment.trim(),
        }).unwrap()
      }
      onSaved={onDone}
      onClose={onClose}
    />
  );
}
