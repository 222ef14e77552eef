import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { ScanField } from '../../components/voucher/ScanField';
import { normalizeScan } from '../../components/voucher/scan';
import { useT } from '../../i18n';
import { useLazyListMovementsQuery } from '../../components/inventory/api';
import { MovementsPanel } from './MovementsPanel';
import '../../i18n/inventory';

/**
 * Admin: the pending entries to receive (or returns to check). Scanning a slip's barcode (the
 * scanner types the movement code and Enter) opens the movement's validation, quantity prefilled.
 */
export function PendingPanel({ type }: { type: 'entry' | 'return' }) {
  const t = useT();
  const [search] = useLazyListMovementsQuery();
  return (
    <MovementsPanel
      admin
      pending={type}
      testId={type === 'entry' ? 'entries-to-receive' : 'returns-to-check'}
      header={(open) => (
        <Card>
          <CardContent>
            <ScanField
              label={t('inventory.scanLabel')}
              helperText={t(type === 'entry' ? 'inventory.scanHelpEntry' : 'inventory.scanHelpReturn')}
              onScan={async (raw) => {
                const code = normalizeScan(raw);
                if (!code) return null;
                try {
                  const found = await search({ page: 1, per_page: 10, type, state: 'pending', q: code }).unwrap();
                  const movement = found.data.find((row) => row.code.toUpperCase() === code);
                  if (!movement) return { outcome: 'miss', message: t('inventory.scanMiss', { code }) };
                  open(movement);
                  return { outcome: 'hit', message: t('inventory.scanHit', { code, name: movement.inventory.name }) };
                } catch {
                  return { outcome: 'miss', message: t('error.generic') };
                }
              }}
            />
          </CardContent>
        </Card>
      )}
    />
  );
}
