import Alert from '@mui/material/Alert';
import { FormDialog } from '../../components/form/FormDialog';
import type { FormValues } from '../../components/form/fields';
import { useT } from '../../i18n';
import { useDecideMovementMutation, type Movement } from '../../components/inventory/api';
import '../../i18n/inventory';

interface Values extends FormValues {
  quantity: string;
  comment: string;
}

/** The server's limit on the receipt comment. */
const COMMENT_MAX = 500;

/** A whole number typed, else null. */
function counted(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

/**
 * Admin: receives a pending entry or return with the quantity counted (the declared one unless
 * told). A count that differs from the declaration needs a comment: the merchant reads it beside
 * « 18 reçus sur 20 ».
 */
export function ValidateDialog({ movement, onClose, onDone }: { movement: Movement | null; onClose: () => void; onDone: (movement: Movement) => void }) {
  const t = useT();
  const [decide] = useDecideMovementMutation();
  if (!movement) return null;
  const differs = (values: Values) => {
    const quantity = counted(values.quantity);
    return quantity !== null && quantity !== movement.quantity;
  };
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
      fields={(values) => [
        { name: 'quantity', label: t('inventory.receivedQuantity'), required: true, autoFocus: true, inputMode: 'numeric', wide: true, maxLength: 7 },
        {
          name: 'comment',
          type: 'multiline',
          label: t('inventory.receiptComment'),
          // Said as soon as the count differs, before the click on « Valider ».
          required: differs(values),
          helperText: differs(values) ? t('inventory.receiptCommentRequired', { declared: movement.quantity }) : t('inventory.receiptCommentHelp'),
          wide: true,
          maxLength: COMMENT_MAX,
        },
      ]}
      initialValues={{ quantity: String(movement.quantity), comment: '' }}
      validate={(values): Record<string, string> => {
        if (counted(values.quantity) === null) return { quantity: t('inventory.wholeNumber') };
        if (differs(values) && !values.comment.trim()) return { comment: t('inventory.receiptCommentMissing') };
        return {};
      }}
      submitLabel={t('inventory.validate')}
      onSubmit={(values) => {
        const comment = values.comment.trim();
        return decide({ key: movement.key, body: { state: 'validated', quantity: counted(values.quantity)!, ...(comment ? { comment } : {}) } }).unwrap();
      }}
      onSaved={() => onDone(movement)}
      onClose={onClose}
    />
  );
}
