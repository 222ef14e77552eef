import Chip from '@mui/material/Chip';
import { formatDate, useLanguage, useT, useValueLabel, type Language } from '../../i18n';
import type { Announcement } from './api';
import '../../i18n/support';

/** Who an announcement is for, in the UI's language. */
export function AudienceChip({ announcement }: { announcement: Pick<Announcement, 'audience' | 'audience_label'> }) {
  const label = useValueLabel();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={announcement.audience === 'all' ? 'primary' : announcement.audience === 'clients' ? 'secondary' : 'info'}
      label={label('announcements.audience', announcement.audience, announcement.audience_label)}
      data-testid="announcement-audience"
      data-audience={announcement.audience}
    />
  );
}

/** A calendar day (YYYY-MM-DD) in the user's language, whatever the time zone. */
export function formatDay(day: string, language: Language): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return formatDate(date, language, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** "Du 1 déc. 2026 au 3 déc. 2026", "Jusqu’au…", "À partir du…" or "Permanente". */
export function AnnouncementPeriod({ announcement }: { announcement: Pick<Announcement, 'starts_on' | 'ends_on'> }) {
  const t = useT();
  const language = useLanguage();
  const { starts_on: from, ends_on: to } = announcement;
  if (from && to) return <>{t('announcements.between', { from: formatDay(from, language), to: formatDay(to, language) })}</>;
  if (from) return <>{t('announcements.from', { date: formatDay(from, language) })}</>;
  if (to) return <>{t('announcements.until', { date: formatDay(to, language) })}</>;
  return <>{t('announcements.always')}</>;
}
