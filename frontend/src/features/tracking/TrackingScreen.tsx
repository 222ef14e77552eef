import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { errorStatus } from '../../core/api';
import { DateText } from '../../components/DateText';
import { FormTextField } from '../../components/FormTextField';
import { productName } from '../../config';
import { useT } from '../../i18n';
import { LOGIN_PATH } from '../../navigation/routes';
import { DateTimeText } from '../../components/DateTimeText';
import { ParcelStatusChip, useStatusLabel } from '../../components/parcel/ParcelStatusChip';
import { normalizeCode, useTrackingQuery, type Tracking } from './api';
import { RecipientDecisionCard } from './RecipientDecisionCard';
import '../../i18n/parcels';
import { Ltr } from '../../components/Ltr';

export const TRACKING_PATH = '/suivi';

/** /suivi and /suivi/{code}: the public tracking page, no sign-in needed. */
export default function TrackingScreen() {
  const t = useT();
  const navigate = useNavigate();
  const params = useParams();
  const code = normalizeCode(params.code ?? '');
  const [text, setText] = useState(code);
  const [typedFor, setTypedFor] = useState(code);
  // The field follows the address (back and forward buttons).
  if (typedFor !== code) {
    setTypedFor(code);
    setText(code);
  }

  useEffect(() => {
    document.title = `${t('tracking.title')}${code ? ` ${code}` : ''} | ${productName()}`;
  }, [code, t]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = normalizeCode(text);
    if (next) navigate(`${TRACKING_PATH}/${encodeURIComponent(next)}`);
  };

  return (
    <Box sx={{ width: '100%', maxWidth: 560, py: 4 }} data-testid="tracking-screen">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
        {t('tracking.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {t('tracking.intro')}
      </Typography>
      <Stack component="form" direction="row" spacing={1.5} onSubmit={submit} sx={{ alignItems: 'flex-start' }}>
        <FormTextField
          name="code"
          label={t('tracking.code')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoFocus={!code}
          autoComplete="off"
          inputProps={{ 'data-testid': 'tracking-input', spellCheck: false, style: { textTransform: 'uppercase', fontFamily: 'monospace' } }}
        />
        <Button type="submit" variant="contained" startIcon={<Search />} sx={{ height: 56, flexShrink: 0 }} data-testid="tracking-submit">
          {t('tracking.submit')}
        </Button>
      </Stack>
      {/* Keyed by code: a notice about one parcel does not stay over the next one's. */}
      {code && <TrackingResult key={code} code={code} />}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 4 }}>
        {t('tracking.merchant')}{' '}
        <Link component={RouterLink} to={LOGIN_PATH}>
          {t('tracking.signIn')}
        </Link>
      </Typography>
    </Box>
  );
}

function TrackingResult({ code }: { code: string }) {
  const t = useT();
  const { data, isFetching, isError, error, refetch } = useTrackingQuery(code);
  // What the recipient's choice came to (issue 40): thanks, or that nothing waits for one now.
  const [notice, setNotice] = useState<{ severity: 'success' | 'info'; message: string } | null>(null);
  if (isFetching && !data) return <Skeleton variant="rounded" height={220} sx={{ mt: 3 }} data-testid="tracking-loading" />;
  if (isError || !data) {
    const status = errorStatus(error);
    return (
      <Alert
        severity={status === 404 ? 'warning' : 'error'}
        sx={{ mt: 3 }}
        data-testid="tracking-error"
        action={
          status === 404 ? undefined : (
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {t('error.retry')}
            </Button>
          )
        }
      >
        {status === 404 ? t('tracking.notFound') : status === 429 ? t('tracking.tooMany') : status === 'FETCH_ERROR' ? t('error.network') : t('tracking.error')}
      </Alert>
    );
  }
  return (
    <>
      {notice && (
        <Alert severity={notice.severity} sx={{ mt: 3 }} data-testid="decision-notice">
          {notice.message}
        </Alert>
      )}
      {data.data.decision_until && (
        <RecipientDecisionCard
          code={code}
          tracking={data.data}
          onDecided={(message) => setNotice({ severity: 'success', message })}
          onStale={(message) => {
            setNotice({ severity: 'info', message });
            void refetch();
          }}
        />
      )}
      <TrackingCard tracking={data.data} />
    </>
  );
}

function TrackingCard({ tracking }: { tracking: Tracking }) {
  const t = useT();
  const statusLabel = useStatusLabel();
  const events = [...tracking.events].reverse();
  return (
    <Card sx={{ mt: 3 }} data-testid="tracking-result">
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontFamily: 'monospace' }} data-testid="tracking-code">
            <Ltr>{tracking.key}</Ltr>
          </Typography>
          <ParcelStatusChip status={tracking.status} label={tracking.status_label} size="medium" />
        </Stack>
        {tracking.signed_by && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="tracking-signed-by">
            {t('tracking.signedBy', { name: tracking.signed_by })}
          </Typography>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, mt: 2 }}>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {t('tracking.city')}
            </Typography>
            <Typography>{tracking.city_name}</Typography>
          </Box>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {t('tracking.createdAt')}
            </Typography>
            <Typography>
              <DateText value={tracking.created_at} />
            </Typography>
          </Box>
        </Box>
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
          {t('tracking.history')}
        </Typography>
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {events.map((event, index) => (
            <Box component="li" key={`${event.created_at}-${index}`} sx={{ display: 'flex', gap: 1.5, pb: index === events.length - 1 ? 0 : 1.5 }} data-testid="tracking-event">
              <Box sx={{ width: 10, height: 10, mt: 0.75, borderRadius: '50%', flexShrink: 0, bgcolor: index === 0 ? 'primary.main' : 'divider' }} />
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {statusLabel(event.status, event.status_label)}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  <DateTimeText value={event.created_at} />
                </Typography>
                {event.date && (
                  <Typography variant="body2">
                    {t('tracking.plannedFor')} <DateText value={event.date} />
                  </Typography>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
