import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { FormTextField } from '../FormTextField';
import { useT } from '../../i18n';
import type { Inventory, StockLineBody } from './api';
import { ProductPicker } from './ProductPicker';
import '../../i18n/inventory';

/** One line being typed: a product and its quantity (as typed). */
export interface StockLine {
  id: number;
  product: Inventory | null;
  quantity: string;
}

let nextId = 1;

export function newLine(): StockLine {
  nextId += 1;
  return { id: nextId, product: null, quantity: '1' };
}

/** The lines to send: those with a product (quantities as integers, NaN kept for the server to refuse). */
export function lineBodies(lines: readonly StockLine[]): StockLineBody[] {
  return lines
    .filter((line) => line.product)
    .map((line) => ({ inventory: line.product!.key, quantity: Number.parseInt(line.quantity, 10) || 0 }));
}

/**
 * The server's errors of the lines, `{'0.quantity': '…'}`, from errors named `prefix.N.field`
 * (numbered as sent: the lines with a product).
 */
export function lineErrors(errors: Record<string, string>, prefix: string, lines: readonly StockLine[]): Record<string, string> {
  const sent = lines.flatMap((line, index) => (line.product ? [index] : []));
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = new RegExp(`^${prefix}\\.(\\d+)\\.(\\w+)$`).exec(key);
    if (!match) continue;
    const index = sent[Number(match[1])];
    if (index !== undefined) out[`${index}.${match[2]}`] = message;
  }
  return out;
}

interface Props {
  lines: readonly StockLine[];
  onChange: (lines: StockLine[]) => void;
  /** Errors by `index.field` (see lineErrors). */
  errors: Record<string, string>;
  disabled?: boolean;
  /** At most this many lines. */
  max?: number;
  testId?: string;
}

/** Lines of (product, quantity), added and removed at will. */
export function StockLinesEditor({ lines, onChange, errors, disabled, max = 20, testId = 'stock-lines' }: Props) {
  const t = useT();
  const update = (id: number, change: Partial<StockLine>) => onChange(lines.map((line) => (line.id === id ? { ...line, ...change } : line)));
  return (
    <Box data-testid={testId} sx={{ display: 'grid', gap: 2 }}>
      {lines.map((line, index) => (
        // On a phone the product has the line's whole width (« SAB-ARGAN-250 — Savon à l'argan »,
        // not « SAB-ARG… »), its quantity and the remove button below it.
        <Box
          key={line.id}
          sx={{ display: 'grid', gap: 1, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'minmax(0, 1fr) 96px auto' } }}
          data-testid="stock-line"
        >
          <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, minWidth: 0 }}>
            <ProductPicker
              name={`lines.${index}.inventory`}
              label={t('inventory.product')}
              value={line.product}
              onChange={(product) => update(line.id, { product })}
              error={errors[`${index}.inventory`]}
              disabled={disabled}
              required
            />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <FormTextField
              name={`lines.${index}.quantity`}
              label={t('inventory.quantity')}
              value={line.quantity}
              onChange={(event) => update(line.id, { quantity: event.target.value.replace(/[^0-9]/g, '') })}
              error={Boolean(errors[`${index}.quantity`])}
              helperText={errors[`${index}.quantity`]}
              disabled={disabled}
              inputProps={{ inputMode: 'numeric', maxLength: 7 }}
              required
            />
          </Box>
          <IconButton
            aria-label={t('inventory.removeLine', { n: index + 1 })}
            onClick={() => onChange(lines.filter((other) => other.id !== line.id))}
            disabled={disabled}
            sx={{ mt: 1 }}
          >
            <DeleteOutlined />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button startIcon={<Add />} onClick={() => onChange([...lines, newLine()])} disabled={disabled || lines.length >= max} data-testid="add-line">
          {t('inventory.addLine')}
        </Button>
      </Box>
    </Box>
  );
}
