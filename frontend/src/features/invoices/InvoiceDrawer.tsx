import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import Close from '@mui/icons-material/Close';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Payments from '@mui/icons-material/PaymentsOutlined';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorStatus } from '../../core/api';
import { DateText } from '../../components/DateText';
import { DetailField, DetailSection } from '../../components/DetailList';
import { ConfirmDialog, type ConfirmDialogProps } from '../../components/form/ConfirmDialog';
import { failureMessage } from '../../components/form/failureMessage';
import { FormDialog } from '../../components/form/FormDialog';
import { MoneyText } from '../../components/MoneyText';
import { SignedMoneyText } from '../../components/SignedMoneyText';
import { formatMoney } from '../../components/money';
import type { Notify } from '../../components/NoticeSnackbar';
import { PhoneLink } from '../../components/PhoneLink';
import { PrintButton } from '../../components/PrintButton';
import { FormTextField } from '../../components/FormTextField';
import { today } from '../../components/dates';
import { useLanguage, useT, type MessageKey, type Translate } from '../../i18n';
import type { Role } from '../../navigation/types';
import { DateTimeText } from '../../components/DateTimeText';
import { formatRib } from '../../components/shop/rib';
import {
  deliveryTotals,
  invoicePdfUrl,
  merchantTotals,
  invoiceWindow,
  useMerchantInvoiceLinesQuery,
  useDeleteMerchantInvoiceMutation,
  useDeleteDeliveryInvoiceMutation,
  useDeliveryInvoiceLinesQuery,
  useGetDeliveryPersonBalanceQuery,
  useGetMerchantInvoiceQuery,
  useGetDeliveryInvoiceQuery,
  useRemoveFromDeliveryInvoiceMutation,
  useUpdateMerchantInvoiceMutation,
  useUpdateDeliveryInvoiceMutation,
  PAYMENT_METHODS,
  type MerchantInvoice,
  type PaymentMethod,
  type DeliveryInvoice,
  type Invoice,
  type InvoiceFamily,
  type InvoiceLine,
} from '../../components/invoice/api';
import { CashDifference, differenceKind } from './CashDifference';
import { CashSummary, invoiceKindOf } from '../../components/invoice/CashSummary';
import { CountCashForm } from './CountCashForm';
import { invoiceAbilities } from '../../components/invoice/config';
import { PdfLanguageCaption } from '../../components/invoice/PdfLanguage';
import { InvoiceLines } from './InvoiceLines';
import { InvoiceStatusChip } from './InvoiceStatusChip';
import { ReturnedSettlement, ThroughAccount } from './Settlement';
import { TvaSummary, hasTva } from './TvaSummary';
import '../../i18n/invoices';
import '../../i18n/payout';
import '../../i18n/screens';
import { Ltr } from '../../components/Ltr';

interface Props {
  family: InvoiceFamily;
  /** The key of the invoice shown; null: closed. */
  invoiceKey: string | null;
  role: Role;
  onClose: () => void;
  notify: Notify;
}

/** An invoice: who, its amounts, its parcels, and what the role may do with it. */
export function InvoiceDrawer({ family, invoiceKey, role, onClose, notify }: Props) {
  const t = useT();
  return (
    <Drawer anchor="right" open={invoiceKey !== null} onClose={onClose} data-testid="invoice-drawer">
      <Box sx={{ width: { xs: '100vw', sm: 780 }, maxWidth: '100vw', boxSizing: 'border-box', p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="overline" color="text.secondary" sx={{ flexGrow: 1 }}>
            {t(family === 'delivery' ? 'invoices.family.delivery' : 'invoices.family.client')}
          </Typography>
          <IconButton onClick={onClose} aria-label={t('common.close')}>
            <Close />
          </IconButton>
        </Stack>
        {invoiceKey && <InvoiceBody key={`${family}-${invoiceKey}`} family={family} invoiceKey={invoiceKey} role={role} onClose={onClose} notify={notify} />}
      </Box>
    </Drawer>
  );
}

type ConfirmState = Omit<ConfirmDialogProps, 'onClose'>;

interface PaymentValues extends Record<string, unknown> {
  payment_method: PaymentMethod;
  /** The transfer's reference, the cheque's number or the cash receipt's: every payment is traced. */
  payment_reference: string;
  paid_on: string;
}

/**
 * The words of a delivered-type client invoice's deduction for the merchant's account: « Frais de
 * retour FC-2026-000012 déduits », in the reader's language from the returned-type invoices it
 * settled; else the lines' own label (the server's words), else « Frais de retour déduits ».
 */
function deductionLabel(invoice: MerchantInvoice, linesLabel: string | undefined, t: Translate): string {
  const settled = invoice.deducted_for;
  if (settled.length > 0) return t('invoices.deduction.labelFor', { invoices: settled.join(', ') });
  return linesLabel ?? t('invoices.deduction.label');
}

/** "FC-2026-000001", or "Brouillon" while the number is not given. */
function invoiceTitle(invoice: Pick<Invoice, 'number'>, t: (key: MessageKey) => string): string {
  return invoice.number ?? t('invoices.draftNumber');
}

function InvoiceBody({ family, invoiceKey, role, onClose, notify }: Omit<Props, 'invoiceKey'> & { invoiceKey: string }) {
  const t = useT();
  const language = useLanguage();
  const merchantInvoice = useGetMerchantInvoiceQuery(invoiceKey, { skip: family !== 'client' });
  const delivery = useGetDeliveryInvoiceQuery(invoiceKey, { skip: family !== 'delivery' });
  const merchantLines = useMerchantInvoiceLinesQuery(invoiceKey, { skip: family !== 'client' });
  const deliveryLines = useDeliveryInvoiceLinesQuery(invoiceKey, { skip: family !== 'delivery' });
  const query = family === 'client' ? merchantInvoice : delivery;
  const lines = family === 'client' ? merchantLines : deliveryLines;
  const [updateMerchant] = useUpdateMerchantInvoiceMutation();
  const [updateDelivery] = useUpdateDeliveryInvoiceMutation();
  const [removeDelivery] = useRemoveFromDeliveryInvoiceMutation();
  const [deleteMerchant] = useDeleteMerchantInvoiceMutation();
  const [deleteDelivery] = useDeleteDeliveryInvoiceMutation();
  const [confirm, setConfirm] = useState<ConfirmState | null>(null);
  const [paying, setPaying] = useState(false);

  if (query.isLoading) {
    return (
      <Box data-testid="invoice-drawer-loading">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={32} />
        ))}
      </Box>
    );
  }
  if (query.isError || !query.data) {
    const missing = errorStatus(query.error) === 404;
    return (
      <Alert
        severity="error"
        data-testid="invoice-drawer-error"
        action={
          missing ? undefined : (
            <Button color="inherit" size="small" onClick={() => query.refetch()}>
              {t('error.retry')}
            </Button>
          )
        }
      >
        {missing ? t('invoices.notFound') : t('invoices.loadError')}
      </Alert>
    );
  }

  const invoice: Invoice = query.data.data;
  const isDelivery = 'delivery_admin' in invoice;
  const kind = invoiceKindOf(family, isDelivery ? undefined : invoice.type);
  const can = invoiceAbilities(role, invoice);
  const lineRows = lines.data?.data;
  // A validated returned-type client invoice is settled through the merchant's account.
  const returned = !isDelivery && invoice.type === 'returned' && invoice.status !== 'draft';
  const carriedLabel = isDelivery ? t('invoices.summary.carried') : deductionLabel(invoice, lines.data?.carried_balance?.label, t);
  const closeConfirm = () => setConfirm((current) => (current ? { ...current, open: false } : null));

  const askValidate = () => {
    let number: string | null = null;
    setConfirm({
      open: true,
      title: t('invoices.validateTitle'),
      body: (
        <Stack spacing={1}>
          <span>{t(`invoices.validateTotal.${kind}`, { amount: formatMoney(invoice.total, language), count: invoice.parcels_count })}</span>
          {isDelivery && invoice.counted_amount !== null && invoice.counted_amount !== undefined && invoice.difference !== null && invoice.difference !== undefined && (
            <span data-testid="validate-difference">
              {t('invoices.validateCounted', { amount: formatMoney(invoice.counted_amount, language) })}{' '}
              {differenceKind(invoice.difference) === 'even'
                ? t('invoices.difference.even')
                : t(`invoices.difference.${differenceKind(invoice.difference)}`, { amount: formatMoney(Math.abs(invoice.difference), language) })}
            </span>
          )}
          <span>{t('invoices.validateBody')}</span>
        </Stack>
      ),
      confirmLabel: t('invoices.validate'),
      color: 'primary',
      testId: 'invoice-validate-confirm',
      onConfirm: async () => {
        const result = isDelivery
          ? await updateDelivery({ key: invoice.key, body: { status: 'validated' } }).unwrap()
          : await updateMerchant({ key: invoice.key, body: { status: 'validated' } }).unwrap();
        number = result.data.number ?? null;
      },
      onDone: () => notify(t('invoices.validated', { number: number ?? invoice.key })),
    });
  };

  const askDelete = () =>
    setConfirm({
      open: true,
      title: t('invoices.deleteTitle'),
      body: t('invoices.deleteBody', { count: invoice.parcels_count }),
      confirmLabel: t('invoices.delete'),
      testId: 'invoice-delete-confirm',
      onConfirm: () => (isDelivery ? deleteDelivery(invoice.key).unwrap() : deleteMerchant(invoice.key).unwrap()),
      onDone: () => {
        notify(t('invoices.deleted', { count: invoice.parcels_count }));
        onClose();
      },
    });

  const askRemove = (line: InvoiceLine) =>
    setConfirm({
      open: true,
      title: t('invoices.removeTitle', { code: line.parcel }),
      body: t('invoices.removeBody', { amount: formatMoney(line.amount, language) }),
      confirmLabel: t('invoices.remove'),
      color: 'warning',
      testId: 'invoice-remove-confirm',
      onConfirm: () =>
        isDelivery
          ? removeDelivery(line.parcel).unwrap()
          : updateMerchant({
              key: invoice.key,
              body: { parcels: (lineRows ?? []).filter((row) => row.parcel !== line.parcel).map((row) => row.parcel) },
            }).unwrap(),
      onDone: () => notify(t('invoices.removed', { code: line.parcel })),
    });

  return (
    <Stack spacing={3} data-testid="invoice-detail" data-status={invoice.status}>
      <Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontFamily: 'monospace', letterSpacing: '0.03em' }} data-testid="invoice-number">
            <Ltr>{invoice.number ?? invoice.key}</Ltr>
          </Typography>
          <InvoiceStatusChip invoice={invoice} />
          {!isDelivery && <Chip size="small" variant="outlined" label={t(`invoices.type.${invoice.type}`)} />}
        </Stack>
        <Typography variant="caption" color="text.secondary" data-testid="invoice-key">
          {invoice.number ? invoice.key : t('invoices.numberLater')}
        </Typography>
      </Box>

      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} data-testid="invoice-actions">
        <PrintButton url={invoicePdfUrl(family, invoice.key)} windowName={invoiceWindow(family)} label={t('invoices.print')} testId="invoice-print" />
        <PdfLanguageCaption language={invoice.pdf_language} />
        {can.validate && (
          <Button size="small" variant="contained" startIcon={<CheckCircleOutline />} onClick={askValidate} data-testid="invoice-validate">
            {t('invoices.validate')}
          </Button>
        )}
        {can.pay && (
          <Button size="small" variant="contained" color="success" startIcon={<Payments />} onClick={() => setPaying(true)} data-testid="invoice-pay">
            {t('invoices.pay')}
          </Button>
        )}
        {can.delete && (
          <Button size="small" variant="outlined" color="error" startIcon={<DeleteOutlined />} onClick={askDelete} data-testid="invoice-delete">
            {t('invoices.delete')}
          </Button>
        )}
      </Stack>
      {returned && invoice.status === 'validated' && role !== 'delivery-admin' && <ThroughAccount invoice={invoice} role={role} />}
      {isDelivery && role === 'admin' && invoice.status === 'draft' && invoice.counted_amount === null && (
        <Alert severity="info" data-testid="invoice-count-first">
          {t('invoices.countFirst')}
        </Alert>
      )}

      <Card variant="outlined">
        <CardContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: !isDelivery && hasTva(invoice) ? '1fr 1fr' : '1fr' } }}>
          <CashSummary
            kind={kind}
            totals={isDelivery ? deliveryTotals(invoice) : merchantTotals(invoice)}
            carriedLabel={carriedLabel}
            settled={isDelivery ? invoice.status === 'validated' : invoice.status === 'paid' || (returned && invoice.outstanding === 0)}
            testId="invoice-summary"
          />
          {isDelivery && <Counted invoice={invoice} />}
          {!isDelivery && <TvaSummary invoice={invoice} />}
          {returned && <ReturnedSettlement invoice={invoice} />}
        </CardContent>
      </Card>

      {isDelivery && can.count && <CarryBalance invoice={invoice} notify={notify} />}
      {isDelivery && can.count && <CountCashForm invoice={invoice} notify={notify} />}

      {isDelivery ? <DeliveryDetails invoice={invoice} role={role} /> : <MerchantDetails invoice={invoice} role={role} />}

      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t('invoices.lines')}
        </Typography>
        <InvoiceLines
          kind={kind}
          lines={lineRows}
          state={lines}
          emptyMessage={t('invoices.noLines')}
          testId="invoice-lines"
          footer={
            lines.data?.carried_balance ? (
              <Stack direction="row" sx={{ justifyContent: 'space-between', px: 2, py: 1.25, borderTop: 1, borderColor: 'divider' }} data-testid="invoice-carried-line">
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {carriedLabel}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  <SignedMoneyText centimes={lines.data.carried_balance.amount} />
                </Typography>
              </Stack>
            ) : undefined
          }
          rowActions={
            can.removeLines
              ? () => [
                  {
                    id: 'remove',
                    label: t('invoices.remove'),
                    icon: <RemoveCircleOutline fontSize="small" />,
                    color: 'warning',
                    onClick: askRemove,
                  },
                ]
              : undefined
          }
        />
      </Box>

      {confirm && <ConfirmDialog {...confirm} onClose={closeConfirm} />}
      {!isDelivery && can.pay && (
        <FormDialog<PaymentValues>
          open={paying}
          title={t('invoices.payTitle', { number: invoiceTitle(invoice, t) })}
          intro={
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t(`invoices.payIntro.${kind}`, { amount: formatMoney(Math.abs(invoice.total), language), shop: invoice.shop.name })}
            </Typography>
          }
          fields={(values) => [
            {
              name: 'payment_method',
              label: t('invoices.paymentMethod'),
              type: 'radio',
              wide: true,
              options: PAYMENT_METHODS.map((method) => ({ value: method, label: t(`invoices.method.${method}`), testId: `pay-method-${method}` })),
            },
            {
              name: 'payment_reference',
              label: t(`invoices.reference.${values.payment_method}`),
              required: true,
              autoFocus: true,
              helperText: t(`invoices.referenceHelp.${values.payment_method}`),
            },
            {
              name: 'paid_on',
              label: t('invoices.paidOn'),
              type: 'custom',
              required: true,
              render: (field) => (
                <FormTextField
                  type="date"
                  name={field.name}
                  label={field.label}
                  shrinkLabel
                  required
                  value={typeof field.value === 'string' ? field.value : ''}
                  onChange={(event) => field.onChange(event.target.value)}
                  error={Boolean(field.error)}
                  helperText={field.error}
                  disabled={field.disabled}
                  inputProps={{ max: today(), 'data-testid': 'paid-on' }}
                />
              ),
            },
          ]}
          initialValues={{ payment_method: 'transfer', payment_reference: '', paid_on: today() }}
          validate={(values) => ({
            payment_reference: values.payment_reference.trim() ? '' : t(`invoices.referenceRequired.${values.payment_method}`),
            paid_on: values.paid_on ? '' : t('invoices.paidOnRequired'),
          })}
          submitLabel={t('invoices.paySubmit')}
          onSubmit={(values) =>
            updateMerchant({
              key: invoice.key,
              body: { status: 'paid', payment_method: values.payment_method, payment_reference: values.payment_reference.trim(), paid_on: values.paid_on },
            }).unwrap()
          }
          onSaved={() => notify(t('invoices.paid', { number: invoiceTitle(invoice, t) }))}
          onClose={() => setPaying(false)}
          testId="invoice-pay-dialog"
        />
      )}
    </Stack>
  );
}

/**
 * An admin's choice on a draft: carry the delivery person's balance onto it as a line of its own
 * (his shortage raises the cash he hands over; a surplus owed to him lowers it). Validation then
 * posts the deduction; a balance changed since is shown, to bring the line up to date.
 */
function CarryBalance({ invoice, notify }: { invoice: DeliveryInvoice; notify: Notify }) {
  const t = useT();
  const language = useLanguage();
  const { data } = useGetDeliveryPersonBalanceQuery(invoice.delivery_admin.key);
  const [update, { isLoading }] = useUpdateDeliveryInvoiceMutation();
  const balance = data?.data.balance;
  if (balance === undefined || (balance === 0 && invoice.carried_balance === 0)) return null;
  const carried = invoice.carried_balance !== 0;
  const stale = carried && invoice.carried_balance !== balance;
  const carry = (value: boolean) =>
    update({ key: invoice.key, body: { carry_balance: value } })
      .unwrap()
      .then(() => notify(t(value ? 'invoices.carry.done' : 'invoices.carry.removed')))
      .catch((failure: unknown) => notify(failureMessage(failure, t), 'error'));
  const shown = carried ? invoice.carried_balance : balance;
  return (
    <Box data-testid="invoice-carry" sx={{ display: 'grid', gap: 1 }}>
      <FormControlLabel
        control={
          <Switch
            checked={carried}
            disabled={isLoading || (!carried && balance === 0)}
            onChange={(event) => void carry(event.target.checked)}
            slotProps={{ input: { 'data-testid': 'invoice-carry-switch' } as object }}
          />
        }
        label={t('invoices.carry.label', { amount: formatMoney(Math.abs(shown), language) })}
      />
      <Typography variant="caption" color="text.secondary">
        {t(shown > 0 ? 'invoices.carry.helpOwes' : 'invoices.carry.helpOwed', { amount: formatMoney(Math.abs(shown), language) })}
      </Typography>
      {stale && (
        <Alert
          severity="warning"
          data-testid="invoice-carry-stale"
          action={
            <Button color="inherit" size="small" disabled={isLoading} onClick={() => void carry(balance !== 0)} data-testid="invoice-carry-update">
              {t(balance !== 0 ? 'invoices.carry.update' : 'invoices.carry.remove')}
            </Button>
          }
        >
          {t('invoices.carry.stale', { amount: formatMoney(balance, language) })}
        </Alert>
      )}
    </Box>
  );
}

/** The cash counted and how it compares with the total. */
function Counted({ invoice }: { invoice: DeliveryInvoice }) {
  const t = useT();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', alignItems: 'center', columnGap: 2, rowGap: 0.75 }}>
      <Typography variant="body2" color="text.secondary">
        {t('invoices.counted')}
      </Typography>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, textAlign: 'right', m: 0 }} data-testid="invoice-counted">
        {invoice.counted_amount === null ? t('invoices.notCounted') : <MoneyText centimes={invoice.counted_amount} />}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('invoices.difference')}
      </Typography>
      <Box sx={{ textAlign: 'right' }}>
        <CashDifference difference={invoice.difference} size="medium" />
      </Box>
    </Box>
  );
}

function DeliveryDetails({ invoice, role }: { invoice: DeliveryInvoice; role: Role }) {
  const t = useT();
  const person = invoice.delivery_admin;
  return (
    <DetailSection title={t('invoices.details')} testId="invoice-details">
      {role !== 'delivery-admin' && (
        <DetailField
          label={t('invoices.deliveryPerson')}
          value={
            <>
              {person.full_name}
              {person.phone && (
                <>
                  {' · '}
                  <PhoneLink phone={person.phone} />
                </>
              )}
            </>
          }
          wide
        />
      )}
      <DetailField label={t('invoices.createdAt')} value={<DateTimeText value={invoice.created_at} />} />
      <DetailField label={t('invoices.countedAt')} value={<DateTimeText value={invoice.counted_at} />} />
      <DetailField label={t('invoices.validatedAt')} value={<DateTimeText value={invoice.validated_at} />} />
    </DetailSection>
  );
}

/**
 * How a paid invoice was paid, in words: « Virement n° X », « Chèque n° X », « Espèces » (and
 * « reçu n° X » with a receipt). Invoices paid before the choice existed answer 'transfer'.
 */
function paymentWords(invoice: Pick<MerchantInvoice, 'payment_method' | 'payment_reference'>, t: Translate): string {
  const method = invoice.payment_method ?? 'transfer';
  const reference = invoice.payment_reference?.trim();
  if (method === 'cash') return reference ? t('invoices.paidBy.cashReceipt', { reference }) : t('invoices.method.cash');
  return reference ? t(`invoices.paidBy.${method}`, { reference }) : t(`invoices.method.${method}`);
}

/**
 * The RIB the invoice is paid to: the one it kept at validation (a later change of the shop's RIB
 * leaves it), the shop's approved one while it is a draft. A validated invoice without one: the
 * shop had no approved RIB when it was validated (a RIB approved later does not show here).
 */
function PaidToField({ invoice }: { invoice: MerchantInvoice }) {
  const t = useT();
  const draft = invoice.status === 'draft';
  const rib = invoice.bank_account === undefined ? invoice.shop.bank_account : invoice.bank_account;
  return (
    <DetailField
      label={draft ? t('invoices.rib') : t('payout.invoice.paidTo')}
      value={
        rib ? (
          <Box component="span" sx={{ display: 'grid' }}>
            <Box component="span" sx={{ fontFamily: 'monospace' }} data-testid="invoice-rib">
              {formatRib(rib)}
            </Box>
            {!draft && (
              <Typography component="span" variant="caption" color="text.secondary">
                {t('payout.invoice.keptHint')}
              </Typography>
            )}
          </Box>
        ) : draft ? (
          <Chip size="small" color="warning" label={t('invoices.ribMissing')} data-testid="rib-missing" />
        ) : (
          <Chip size="small" color="warning" variant="outlined" label={t('payout.invoice.noneAtValidation')} data-testid="rib-none-at-validation" />
        )
      }
      wide
    />
  );
}

/** How it was paid, and by transfer to which RIB (the one approved when it was paid). */
function PaymentField({ invoice }: { invoice: MerchantInvoice }) {
  const t = useT();
  const paidTo = invoice.paid_bank_account;
  return (
    <DetailField
      label={t('invoices.payment')}
      testId="invoice-payment-reference"
      value={
        paidTo ? (
          <Box component="span" sx={{ display: 'grid' }}>
            <span>{paymentWords(invoice, t)}</span>
            <Typography component="span" variant="caption" color="text.secondary" data-testid="invoice-paid-rib">
              {t('payout.invoice.paidToRib', { rib: formatRib(paidTo) })}
            </Typography>
          </Box>
        ) : (
          paymentWords(invoice, t)
        )
      }
    />
  );
}

function MerchantDetails({ invoice, role }: { invoice: MerchantInvoice; role: Role }) {
  const t = useT();
  return (
    <DetailSection title={t('invoices.details')} testId="invoice-details">
      <DetailField label={t('invoices.shop')} value={invoice.shop.name} />
      {role !== 'client' && <DetailField label={t('invoices.merchant')} value={invoice.client.name} />}
      <PaidToField invoice={invoice} />
      <DetailField label={t('invoices.createdAt')} value={<DateTimeText value={invoice.created_at} />} />
      <DetailField label={t('invoices.validatedAt')} value={<DateTimeText value={invoice.validated_at} />} />
      {invoice.status === 'paid' && (
        <>
          <PaymentField invoice={invoice} />
          <DetailField label={t('invoices.paidOn')} value={<DateText value={invoice.paid_on} />} testId="invoice-paid-on" />
        </>
      )}
    </DetailSection>
  );
}
