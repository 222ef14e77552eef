import Typography from '@mui/material/Typography';
import { useT, type Language, type Translate } from '../../i18n';
import '../../i18n/invoices';

/**
 * « PDF en français »: the language an invoice's PDF prints in for this reader (the server's
 * `pdf_language`: French unless the company chose the reader's language). Nothing when the server
 * does not say.
 */
export function pdfLanguageCaption(language: Language | null | undefined, t: Translate): string | null {
  return language ? t(`invoices.pdfLanguage.${language}`) : null;
}

/** The print action's label: « Imprimer (PDF en français) », or « Imprimer » when the server does not say. */
export function printLabel(language: Language | null | undefined, t: Translate): string {
  const caption = pdfLanguageCaption(language, t);
  return caption ? t('invoices.printWithLanguage', { pdf: caption }) : t('invoices.print');
}

interface Props {
  language: Language | null | undefined;
  /** 'inherit' inside a coloured notice. */
  color?: 'text.secondary' | 'inherit';
  testId?: string;
}

/** The caption beside an invoice's print button. */
export function PdfLanguageCaption({ language, color = 'text.secondary', testId = 'invoice-pdf-language' }: Props) {
  const t = useT();
  const caption = pdfLanguageCaption(language, t);
  if (!caption) return null;
  return (
    <Typography variant="caption" color={color} sx={{ alignSelf: 'center', mx: color === 'inherit' ? 1 : 0 }} data-testid={testId} data-language={language}>
      {caption}
    </Typography>
  );
}
