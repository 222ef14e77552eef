import Alert from '@mui/material/Alert';
import { FormDialog } from '../../components/form/FormDialog';
import type { FormValues } from '../../components/form/fields';
import { useT } from '../../i18n';
import { useDecideMovementMutation, type Movement } from '../../components/inventory/api';
import '../../i18n/inventory';

interface Values extends FormValues {
  quantity: string;
}

/** Admin: receives a pending entry or return with the quantity counted (the declared one unless told). */
export function ValidateDialog({ movement, onClose, onDone }: { movement: Movement | null; onClose: () => void; onDone: (movement: Movement) => void }) {
  const t = useT();
  const [decide] = useDecideMovementMutation();
  if (!movement) return null;
  return (
    <FormDialog<Values>
      open
      testId="validate-dialog"
      title={t(movement.type === 'return' ? 'inventory.validateReturnTitle' : 'inventory.validateEntryTitle', { code: movement.code })}
      intro={
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('inventory.validateIntro', { sku: movement.inventory.sku, name: movement.inventory.name, client: movement.client.company || movement.client.name, quantity: movement.quantity })}
        </Alert>
      }
      fields={[{ name: 'quantity', label: t('inventory.receivedQuantity'), required: true, autoFocus: true, inputMode: 'numeric', wide: true, maxLength: 7 }]}
      initialValues={{ quantity: String(movement.quantity) }}
      validate={(values): Record<string, string> => (/^\d+$/.test(values.quantity.trim()) ? {} : { quantity: t('inventory.wholeNumber') })}
      submitLabel={t('inventory.validate')}
      onSubmit={(values) => decide({ key: movement.key, body: { state: 'validated', quantity: Number(values.quantity.trim()) } }).unwrap()}
      onSaved={() => onDone(movement)}
      onClose={onClose}
    />
  );
}
