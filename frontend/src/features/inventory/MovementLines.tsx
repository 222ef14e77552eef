import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateText } from '../../components/DateText';
import { useT } from '../../i18n';
import type { Movement } from '../../components/inventory/api';
import { MovementStateChip, signedQuantity } from './chips';
import '../../i18n/inventory';
import { Ltr } from '../../components/Ltr';

/** A short list of movements (a product's history): works at any width. */
export function MovementLines({ movements }: { movements: readonly Movement[] }) {
  const t = useT();
  if (movements.length === 0) return <Typography color="text.secondary">{t('inventory.noMovements')}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} data-testid="movement-lines">
      {movements.map((movement) => (
        <Box component="li" key={movement.key} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }} data-testid="movement-line">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography sx={{ fontWeight: 600 }}>{movement.type_label}</Typography>
            <MovementStateChip state={movement.state} label={movement.state_label} />
            <Box sx={{ flexGrow: 1 }} />
            <Typography sx={{ fontWeight: 700 }}>
              <Ltr>{signedQuantity(movement.type, movement.received_quantity ?? movement.quantity)}</Ltr>
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
            {movement.received_quantity !== null && movement.received_quantity !== movement.quantity
              ? ` · ${t('inventory.declaredReceived', { declared: movement.quantity, received: movement.received_quantity })}`
              : ''}
          </Typography>
          {movement.comment && <Typography variant="body2">{movement.comment}</Typography>}
        </Box>
      ))}
    </Box>
  );
}
