import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useT } from '../../i18n';
import { AnnouncementPeriod } from './AnnouncementParts';
import { useListAnnouncementsQuery } from './api';
import '../../i18n/support';

const DISMISSED_KEY = 'colivra.dismissedAnnouncements';

function readDismissed(): string[] {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(DISMISSED_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

function writeDismissed(keys: readonly string[]) {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(keys));
  } catch {
    // Private browsing: dismissed for this page only.
  }
}

/**
 * The announcements of today for the caller (GET /api/announcements?current=true), at the top of
 * every dashboard; each can be hidden until the end of the browser session.
 */
export function AnnouncementBoard() {
  const t = useT();
  const { data } = useListAnnouncementsQuery({ current: true, per_page: 10 }, { refetchOnMountOrArgChange: true });
  const [dismissed, setDismissed] = useState<string[]>(readDismissed);
  const shown = (data?.data ?? []).filter((announcement) => !dismissed.includes(announcement.key));
  if (shown.length === 0) return null;
  const dismiss = (key: string) => {
    const next = [...dismissed, key];
    setDismissed(next);
    writeDismissed(next);
  };
  return (
    <Stack spacing={1.5} component="section" aria-label={t('announcements.board')} data-testid="announcement-board">
      {shown.map((announcement) => (
        <Alert
          key={announcement.key}
          severity="info"
          icon={<CampaignOutlined />}
          onClose={() => dismiss(announcement.key)}
          slotProps={{ closeButton: { 'aria-label': t('announcements.dismiss') } as object }}
          data-testid="announcement"
          data-key={announcement.key}
          sx={{ '& .MuiAlert-message': { minWidth: 0, flexGrow: 1 } }}
        >
          {/* What people wrote reads in its own direction (a French announcement in an Arabic page). */}
          <AlertTitle dir="auto" sx={{ overflowWrap: 'anywhere' }}>{announcement.title}</AlertTitle>
          <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {announcement.body}
          </Typography>
          {(announcement.starts_on || announcement.ends_on) && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
              <AnnouncementPeriod announcement={announcement} />
            </Typography>
          )}
        </Alert>
      ))}
    </Stack>
  );
}
