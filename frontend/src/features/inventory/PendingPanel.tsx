import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { ScanField } from '../../components/voucher/ScanField';
import { normalizeScan } from '../../components/voucher/scan';
import { useT } from '../../i18n';
import { useLazyListMovementsQuery } from '../../components/inventory/api';
import { MovementsPanel, type QueueControls } from './MovementsPanel';
import '../../i18n/inventory';

type Queue = 'entry' | 'return';

/**
 * Admin: the pending entries to receive (or returns to check). The scan box takes any code
 * printed on what arrives: a slip line's movement code, the entry slip's code (BE…) or a
 * returned parcel's tracking code.
 */
export function PendingPanel({ type }: { type: Queue }) {
  return (
    <MovementsPanel
      admin
      pending={type}
      testId={type === 'entry' ? 'entries-to-receive' : 'returns-to-check'}
      header={(controls) => <ScanBox type={type} {...controls} />}
    />
  );
}

/** The list's filter holding the scanned code, so only its movements show. */
const CODE_FILTER = 'code';

function ScanBox({ type, open, list }: { type: Queue } & QueueControls) {
  const t = useT();
  const [search] = useLazyListMovementsQuery();
  // The scanned code whose movements the list shows, and how many there were.
  const [several, setSeveral] = useState<{ code: string; count: number } | null>(null);
  const narrowed = several && list.filters[CODE_FILTER] === several.code ? several : null;
  // A field's label stays on one line: on a phone the long one (the codes it takes) was cut, so
  // there it is the short one, the helper line under the field saying which codes.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <ScanField
          label={t(phone ? 'inventory.scanLabelShort' : 'inventory.scanLabel')}
          helperText={t(type === 'entry' ? 'inventory.scanHelpEntry' : 'inventory.scanHelpReturn')}
          onScan={async (raw) => {
            const code = normalizeScan(raw);
            if (!code) return null;
            try {
              // Two rows tell one movement from several; the count says how many.
              const found = await search({ page: 1, per_page: 2, type, state: 'pending', code }).unwrap();
              const count = found.meta?.total ?? found.data.length;
              if (count === 0) return { outcome: 'miss', message: t('inventory.scanMiss', { code }) };
              if (count === 1) {
                const movement = found.data[0];
                open(movement);
                return { outcome: 'hit', message: t('inventory.scanHit', { code, name: movement.inventory.name }) };
              }
              // A slip of several lines, a parcel with several products: each is counted on
              // its own, so the queue shows only them.
              setSeveral({ code, count });
              list.setFilter(CODE_FILTER, code);
              return { outcome: 'hit', message: t('inventory.scanSeveralHit', { code, count }) };
            } catch {
              return { outcome: 'miss', message: t('error.generic') };
            }
          }}
        />
        {narrowed && (
          <Alert
            severity="info"
            data-testid="scan-filter"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  setSeveral(null);
                  list.setFilter(CODE_FILTER, undefined);
                }}
                data-testid="scan-filter-clear"
              >
                {t('inventory.scanFilterClear')}
              </Button>
            }
          >
            {t('inventory.scanSeveral', { code: narrowed.code, count: narrowed.count })}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
