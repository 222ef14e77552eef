import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ElementType } from 'react';
import { Link as RouterLink } from 'react-router';
import '../../i18n/parcels';
import { formatCount } from '../../components/moneyFormat';
import { useLanguage, useT } from '../../i18n';
import { MIRROR_IN_RTL } from '../../components/mirror';

/** A list's count as the dashboard shows it: `null` while loading or when the call failed. */
export interface QueueCount {
  count: number | null;
  /** The server stopped counting there (parcel lists count up to 1,000). */
  capped: boolean;
  loading: boolean;
  failed: boolean;
}

interface CountedResult {
  data?: { meta?: { total: number | null; total_capped?: boolean } | null };
  isLoading: boolean;
  isError: boolean;
}

/** The total of a list asked with `per_page=1` (the list endpoints count what matches). */
export function countOf(result: CountedResult): QueueCount {
  const total = result.data?.meta?.total;
  return {
    count: typeof total === 'number' ? total : null,
    capped: Boolean(result.data?.meta?.total_capped),
    loading: result.isLoading,
    failed: result.isError,
  };
}

interface Props {
  icon: ElementType;
  label: string;
  hint: string;
  count: QueueCount;
  /** The screen that works the figure. */
  to: string;
  testId: string;
}

/** A dashboard card: an icon, a label and its hint, a count in large type, opening a screen. */
export function FigureCard({ icon: Icon, label, hint, count, to, testId }: Props) {
  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardActionArea
        component={RouterLink}
        to={to}
        sx={{ height: '100%', p: 2, display: 'flex', alignItems: 'center', justifyContent: 'flex-start', gap: { xs: 1.5, sm: 2 } }}
      >
        <Box
          sx={{
            width: 44,
            height: 44,
            flexShrink: 0,
            borderRadius: 1.5,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
          }}
        >
          <Icon />
        </Box>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        </Box>
        <CountText count={count} testId={`${testId}-count`} compact />
        <ArrowForward {...MIRROR_IN_RTL} fontSize="small" sx={{ color: 'text.secondary', flexShrink: 0 }} />
      </CardActionArea>
    </Card>
  );
}

/** A count in large type: a skeleton while it loads, "—" when it could not be read, muted at zero. */
export function CountText({ count, testId, compact = false }: { count: QueueCount; testId: string; compact?: boolean }) {
  const t = useT();
  const language = useLanguage();
  if (count.loading) return <Skeleton variant="rounded" width={48} height={40} data-testid={`${testId}-loading`} />;
  const value = count.count;
  const text = value === null ? '—' : count.capped ? t('queues.capped', { count: formatCount(value, language) }) : formatCount(value, language);
  return (
    <Typography
      variant="h4"
      component="p"
      // Compact (beside a card's text): smaller on a phone, so the text keeps its width.
      sx={{ fontWeight: 700, m: 0, flexShrink: 0, whiteSpace: 'nowrap', color: value ? 'text.primary' : 'text.disabled', ...(compact ? { fontSize: { xs: '1.5rem', sm: '2.125rem' } } : {}) }}
      title={count.failed ? t('stats.error') : undefined}
      data-testid={testId}
    >
      {text}
    </Typography>
  );
}
