import Typography from '@mui/material/Typography';
import { FormDialog } from '../../components/form/FormDialog';
import { formatMoney } from '../../components/money';
import type { Notify } from '../../components/NoticeSnackbar';
import { useLanguage, useT } from '../../i18n';
import type { SettlementBody } from '../../components/invoice/api';
import { owedBy, type BalanceParty } from '../../components/invoice/balanceParty';
import '../../i18n/invoices';
import '../../i18n/screens';

interface SettleValues extends Record<string, unknown> {
  kind: SettlementBody['kind'];
  /** Centimes (the money field gives them); null when empty. */
  amount: number | null;
  reference: string;
  comment: string;
}

interface Props {
  party: BalanceParty;
  /** Whose balance: his key and name. */
  holder: { key: string; full_name: string };
  /** The balance now, with the party's sign. */
  balance: number;
  /** Posts the settlement (throws the failed call's error); resolves with the balance after it. */
  settle: (key: string, body: SettlementBody) => Promise<number>;
  onClose: () => void;
  notify: Notify;
}

/**
 * A payment or a write-off of a balance (a delivery person's, a merchant's account): the amount
 * (the whole balance to start with, never more), a reference, and a comment that a write-off
 * requires. The server's 422 goes under the fields, a 409 (someone settled meanwhile) above them.
 */
export function SettleDialog({ party, holder, balance, settle, onClose, notify }: Props) {
  const t = useT();
  const language = useLanguage();
  const { texts } = party;
  const owed = Math.abs(balance);
  return (
    <FormDialog<SettleValues>
      open
      title={t(texts.settleTitle, { name: holder.full_name })}
      intro={
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="settle-intro">
          {t(owedBy(party, balance) > 0 ? texts.settleIntroOwes : texts.settleIntroOwed, { amount: formatMoney(owed, language) })}
        </Typography>
      }
      fields={[
        {
          name: 'kind',
          label: t('invoices.balance.kindLabel'),
          type: 'radio',
          wide: true,
          options: [
            { value: 'payment', label: t(texts.payment), testId: 'settle-payment' },
            { value: 'write_off', label: t(texts.writeOff), testId: 'settle-write-off' },
          ],
        },
        { name: 'amount', label: t('invoices.balance.amount'), type: 'money', required: true, autoFocus: true },
        { name: 'reference', label: t(texts.reference), maxLength: 100 },
        { name: 'comment', label: t('invoices.balance.comment'), type: 'multiline', wide: true, maxLength: 500, helperText: t(texts.commentHelp) },
      ]}
      initialValues={{ kind: 'payment', amount: owed, reference: '', comment: '' }}
      validate={(values) => ({
        amount:
          values.amount === null || values.amount <= 0
            ? t('form.invalidAmount')
            : values.amount > owed
              ? t('invoices.balance.amountOver', { amount: formatMoney(owed, language) })
              : '',
        comment: values.kind === 'write_off' && !values.comment.trim() ? t(texts.commentRequired) : '',
      })}
      submitLabel={t('invoices.balance.settleSubmit')}
      onSubmit={(values) =>
        settle(holder.key, {
          kind: values.kind,
          amount: values.amount ?? 0,
          ...(values.reference.trim() ? { reference: values.reference.trim() } : {}),
          ...(values.comment.trim() ? { comment: values.comment.trim() } : {}),
        })
      }
      onSaved={(result) => {
        // The balance after, as owed: a delivery person's as it is, a merchant's account turned positive.
        const after = result as number;
        notify(
          after === 0 && texts.settledEven
            ? t(texts.settledEven, { name: holder.full_name })
            : t(texts.settled, { name: holder.full_name, balance: formatMoney(owedBy(party, after), language) }),
        );
      }}
      onClose={onClose}
      testId="settle-dialog"
    />
  );
}
