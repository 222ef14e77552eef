import Chip, { type ChipProps } from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useT, type MessageKey } from '../../i18n';
import type { RecipientBand, RecipientHistorySummary } from './api';
import '../../i18n/parcels';

/** Each band's label and tone: green « Fiable », amber « À confirmer », red « Risqué ». */
const BANDS: Record<RecipientBand, { label: MessageKey; color: ChipProps['color'] }> = {
  reliable: { label: 'recipients.band.reliable', color: 'success' },
  to_confirm: { label: 'recipients.band.to_confirm', color: 'warning' },
  risky: { label: 'recipients.band.risky', color: 'error' },
};

/** The label of a band in the UI's language. */
export function bandLabel(band: RecipientBand): MessageKey {
  return BANDS[band].label;
}

/** A recipient no parcel has ended for yet: « Nouveau destinataire » rather than « Fiable ». */
export function isNewRecipient(history: RecipientHistorySummary): boolean {
  return history.band === 'reliable' && history.delivered === 0 && history.failed === 0;
}

/**
 * A recipient's band across every merchant, as a small chip; its counts (« 3 livrés · 1 échec »)
 * in the tooltip and the accessible name. A recipient without history shows a neutral « Nouveau
 * destinataire ». Shown by the parcel form and the import preview, and by the parcel lists for a
 * band other than « Fiable » only (the lists stay calm).
 */
export function RecipientHistoryBadge({ history }: { history: RecipientHistorySummary }) {
  const t = useT();
  const fresh = isNewRecipient(history);
  const label = t(fresh ? 'recipients.new' : BANDS[history.band].label);
  const counts = fresh ? t('recipients.noHistory') : t('recipients.counts', { delivered: history.delivered, failed: history.failed });
  return (
    <Tooltip title={counts}>
      <Chip
        size="small"
        variant="outlined"
        color={fresh ? 'default' : BANDS[history.band].color}
        label={label}
        role="img"
        aria-label={t('recipients.badgeLabel', { band: label, counts })}
        data-testid="recipient-history"
        data-band={fresh ? 'new' : history.band}
      />
    </Tooltip>
  );
}
