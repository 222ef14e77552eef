import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import { openPdf } from './pdf';

interface Props {
  /** The PDF's URL. */
  url: string;
  label: string;
  /** Name of the pop-up window (one per kind of document). */
  windowName?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  disabled?: boolean;
  testId?: string;
}

/** "Imprimer": the document's PDF in the 1000×600 pop-up. */
export function PrintButton({ url, label, windowName, variant = 'outlined', size = 'small', disabled, testId = 'print-button' }: Props) {
  return (
    <Button
      variant={variant}
      size={size}
      startIcon={<PrintOutlined />}
      disabled={disabled}
      onClick={() => openPdf(url, windowName)}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
