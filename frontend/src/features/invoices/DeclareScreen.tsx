import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../core/hooks';
import { formatMoney } from '../../components/money';
import { NoticeSnackbar, useNotice } from '../../components/NoticeSnackbar';
import { PageHeader } from '../../components/PageHeader';
import { useLanguage, useT, type MessageKey } from '../../i18n';
import { pathOf } from '../../navigation/access';
import type { ScreenProps } from '../../navigation/types';
import { selectSessionInfo, selectUser } from '../../core/session/authSlice';
import { openInvoicePdf, useCreateDeliveryInvoiceMutation, useUnpaidDeliveryLinesQuery } from '../../components/invoice/api';
import { PdfLanguageCaption } from '../../components/invoice/PdfLanguage';
import { EligibleLines } from './EligibleLines';
import '../../i18n/invoices';

/**
 * The delivery person's `create-invoice`, made for his phone: the cash he must hand over (what
 * he collected minus his commissions) in large type, his parcels all ticked, "Déclarer" makes
 * the draft an admin will count; the notice offers its PDF.
 */
export default function DeclareScreen({ route }: ScreenProps) {
  const t = useT();
  const language = useLanguage();
  const user = useAppSelector(selectUser);
  const session = useAppSelector(selectSessionInfo);
  const key = user?.key ?? '';
  const lines = useUnpaidDeliveryLinesQuery(key, { skip: !key });
  const [create] = useCreateDeliveryInvoiceMutation();
  const { notice, notify, close } = useNotice();

  const declare = async (parcels: string[]) => {
    const invoice = (await create({ delivery_admin: key, parcels }).unwrap()).data;
    notify(
      t('invoices.declare.done', { count: invoice.parcels_count, amount: formatMoney(invoice.total, language) }),
      'success',
      <>
        <Button color="inherit" size="small" startIcon={<PrintOutlined />} onClick={() => openInvoicePdf('delivery', invoice.key)} data-testid="declare-print">
          {t('invoices.print')}
        </Button>
        <PdfLanguageCaption language={invoice.pdf_language} color="inherit" testId="declare-pdf-language" />
      </>,
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 760 }} data-testid="declare-screen">
      <PageHeader title={t(`route.${route.name}` as MessageKey)} subtitle={t('invoices.declare.subtitle')} />
      <EligibleLines
        kind="delivery"
        lines={lines.data?.data}
        state={lines}
        large
        heading={
          <Typography variant="overline" color="primary" sx={{ fontWeight: 700, lineHeight: 1.5 }}>
            {t('invoices.declare.heading')}
          </Typography>
        }
        submitLabel={t('invoices.declare.submit')}
        emptyMessage={t('invoices.declare.empty')}
        onSubmit={declare}
        testId="declare"
      />
      <Button component={RouterLink} to={pathOf('invoices', session)} sx={{ justifySelf: 'start' }} data-testid="declare-invoices-link">
        {t('invoices.declare.myInvoices')}
      </Button>
      <NoticeSnackbar notice={notice} onClose={close} testId="invoices-notice" />
    </Box>
  );
}
