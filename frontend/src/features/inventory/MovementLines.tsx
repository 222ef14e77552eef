import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateText } from '../../components/DateText';
import { useLanguage, useT, type Translate } from '../../i18n';
import type { Movement } from '../../components/inventory/api';
import { MovementStateChip, signedQuantity, useMovementTypeLabel } from './chips';
import '../../i18n/inventory';
import { Ltr } from '../../components/Ltr';

/** « 18 reçus sur 20 » when the count at the hub differed from the declaration; null otherwise. */
export function receivedText(movement: Movement, t: Translate): string | null {
  const received = movement.received_quantity;
  return received != null && received !== movement.quantity ? t('inventory.declaredReceived', { declared: movement.quantity, received }) : null;
}

/**
 * The admin's comment on a receipt (why the count differs), as he wrote it: its own direction
 * (a French comment in an Arabic page reads left to right).
 */
export function ReceiptComment({ movement }: { movement: Movement }) {
  const t = useT();
  if (!movement.decision_comment) return null;
  return (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }} data-testid="receipt-comment">
      {t('inventory.atReceipt')} <bdi dir="auto">{movement.decision_comment}</bdi>
    </Typography>
  );
}

/** A short list of movements (a product's history): works at any width. */
export function MovementLines({ movements }: { movements: readonly Movement[] }) {
  const t = useT();
  const language = useLanguage();
  const typeLabel = useMovementTypeLabel();
  if (movements.length === 0) return <Typography color="text.secondary">{t('inventory.noMovements')}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} data-testid="movement-lines">
      {movements.map((movement) => {
        const received = receivedText(movement, t);
        return (
          <Box component="li" key={movement.key} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid="movement-line">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography sx={{ fontWeight: 600 }}>{typeLabel(movement)}</Typography>
              <MovementStateChip state={movement.state} label={movement.state_label} />
              <Box sx={{ flexGrow: 1 }} />
              <Typography sx={{ fontWeight: 700 }}>
                {signedQuantity(movement.type, movement.received_quantity ?? movement.quantity, language)}
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              <DateText value={movement.created_at} /> · <Ltr>{movement.code}</Ltr> · {movement.author.name}
              {movement.parcel && (
                <>
                  {` · ${t('inventory.parcel')} `}
                  <Ltr>{movement.parcel.code}</Ltr>
                </>
              )}
              {received ? ` · ${received}` : ''}
            </Typography>
            {movement.comment && (
              <Typography variant="body2" dir="auto">
                {movement.comment}
              </Typography>
            )}
            <ReceiptComment movement={movement} />
          </Box>
        );
      })}
    </Box>
  );
}
