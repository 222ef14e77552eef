import Typography from '@mui/material/Typography';
import { FormDialog } from '../../components/form/FormDialog';
import { formatMoney } from '../../components/money';
import type { Notify } from '../../components/NoticeSnackbar';
import { useLanguage, useT } from '../../i18n';
import { useSettleDeliveryPersonBalanceMutation, type DeliveryPersonBalance, type SettlementBody } from '../../components/invoice/api';
import '../../i18n/invoices';
import '../../i18n/screens';

interface SettleValues extends Record<string, unknown> {
  kind: SettlementBody['kind'];
  /** Centimes (the money field gives them); null when empty. */
  amount: number | null;
  reference: string;
  comment: string;
}

/**
 * A payment or a write-off of a delivery person's balance: the amount (the whole balance to
 * start with, never more), a reference, and a comment that a write-off requires.
 */
export function SettleDialog({ balance, onClose, notify }: { balance: DeliveryPersonBalance; onClose: () => void; notify: Notify }) {
  const t = useT();
  const language = useLanguage();
  const [settle] = useSettleDeliveryPersonBalanceMutation();
  const owed = Math.abs(balance.balance);
  const person = balance.delivery_admin;
  return (
    <FormDialog<SettleValues>
      open
      title={t('invoices.balance.settleTitle', { name: person.full_name })}
      intro={
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="settle-intro">
          {t(balance.balance > 0 ? 'invoices.balance.settleIntroOwes' : 'invoices.balance.settleIntroOwed', { amount: formatMoney(owed, language) })}
        </Typography>
      }
      fields={[
        {
          name: 'kind',
          label: t('invoices.balance.kindLabel'),
          type: 'radio',
          wide: true,
          options: [
            { value: 'payment', label: t('invoices.balance.payment'), testId: 'settle-payment' },
            { value: 'write_off', label: t('invoices.balance.writeOff'), testId: 'settle-write-off' },
          ],
        },
        { name: 'amount', label: t('invoices.balance.amount'), type: 'money', required: true, autoFocus: true },
        { name: 'reference', label: t('invoices.balance.reference'), maxLength: 100 },
        { name: 'comment', label: t('invoices.balance.comment'), type: 'multiline', wide: true, maxLength: 500, helperText: t('invoices.balance.commentHelp') },
      ]}
      initialValues={{ kind: 'payment', amount: owed, reference: '', comment: '' }}
      validate={(values) => ({
        amount:
          values.amount === null || values.amount <= 0
            ? t('form.invalidAmount')
            : values.amount > owed
              ? t('invoices.balance.amountOver', { amount: formatMoney(owed, language) })
              : '',
        comment: values.kind === 'write_off' && !values.comment.trim() ? t('invoices.balance.commentRequired') : '',
      })}
      submitLabel={t('invoices.balance.settleSubmit')}
      onSubmit={(values) =>
        settle({
          key: person.key,
          body: {
            kind: values.kind,
            amount: values.amount ?? 0,
            ...(values.reference.trim() ? { reference: values.reference.trim() } : {}),
            ...(values.comment.trim() ? { comment: values.comment.trim() } : {}),
          },
        }).unwrap()
      }
      onSaved={(result) => {
        const after = (result as { data: DeliveryPersonBalance }).data.balance;
        notify(t('invoices.balance.settled', { name: person.full_name, balance: formatMoney(after, language) }));
      }}
      onClose={onClose}
      testId="settle-dialog"
    />
  );
}
