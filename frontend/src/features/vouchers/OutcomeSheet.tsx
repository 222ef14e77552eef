import ArrowBack from '@mui/icons-material/ArrowBack';
import Call from '@mui/icons-material/CallOutlined';
import Draw from '@mui/icons-material/DrawOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorStatus, fieldErrors } from '../../core/api';
import { failureMessage } from '../../components/form/failureMessage';
import { tomorrow } from '../../components/dates';
import { formatMoney } from '../../components/money';
import { useLanguage, useT, type MessageKey } from '../../i18n';
import { usePostStateMutation, type Parcel, type ParcelStatus, type StateBody } from '../../components/parcel/api';
import { newOutcomeKey, pendingCalls, queueOutcome } from '../../components/parcel/outcomeQueue';
import { useAppSelector } from '../../core/hooks';
import { selectUser } from '../../core/session/authSlice';
import { needsCall, needsComment, needsDate, stateChoices } from '../../components/parcel/states';
import { StateDetailFields } from '../../components/parcel/StateDetailFields';
import { FormTextField } from '../../components/FormTextField';
import { usePhonePosition } from './position';
import { EMPTY_PROOF, missingProof, proofBody, ProofFields, type ProofDraft, type ProofErrors } from './ProofFields';
import { callWindowStart, calledSince, finishCalls, useLastCall, useRecordCall } from './roundCalls';
import { useSendQueue } from './useSyncNow';
import '../../i18n/parcels';
import '../../i18n/screens';
import '../../i18n/vouchers';
import { Ltr } from '../../components/Ltr';
import { Form } from '../../components/form/Form';
import { MIRROR_IN_RTL } from '../../components/mirror';

/** The outcomes of a delivery attempt, in the order the sheet shows them. */
export const ROUND_OUTCOMES: readonly ParcelStatus[] = [
  'delivered',
  'no_answer',
  'unreachable',
  'wrong_number',
  'postponed',
  'scheduled',
  'refused',
  'cancelled',
];

/** The outcomes a delivery person may record for a parcel now (none once it left his round). */
export function outcomesFor(parcel: Pick<Parcel, 'status' | 'actions'>): ParcelStatus[] {
  if (!parcel.actions.includes('state')) return [];
  const allowed = stateChoices('delivery-admin', parcel.status);
  return ROUND_OUTCOMES.filter((status) => allowed.includes(status));
}

function outcomeColor(status: ParcelStatus): 'success' | 'warning' | 'info' | 'error' {
  if (status === 'delivered') return 'success';
  if (status === 'postponed' || status === 'scheduled') return 'info';
  if (status === 'refused' || status === 'cancelled') return 'error';
  return 'warning';
}

/** Common reasons, one tap to fill the comment of a refusal or a cancellation. */
const QUICK_REASONS: readonly MessageKey[] = ['round.reason.changedMind', 'round.reason.notAsOrdered', 'round.reason.tooExpensive', 'round.reason.ordered'];

/** Common reasons he could not call from his round, one tap to fill the field. */
const NO_CALL_REASONS: readonly MessageKey[] = ['round.noCall.noCredit', 'round.noCall.hungUp', 'round.noCall.otherPhone', 'round.noCall.battery'];

/** The longest reason for no call the server keeps. */
const NO_CALL_REASON_MAX = 300;

/**
 * Where the phone is, sent with every outcome: the network's estimate (quick), asked when the
 * sheet opens; an outcome waits for it 5 s at most from then, and goes without it otherwise.
 */
const OUTCOME_POSITION = { highAccuracy: false, timeoutMs: 5_000, maximumAgeMs: 60_000 } as const;

interface Props {
  /** The parcel, kept while the sheet closes. */
  parcel: Parcel | null;
  open: boolean;
  onClose: () => void;
  /** After the outcome was saved, with the parcel as the server now sees it. */
  onDone: (parcel: Parcel, chosen: ParcelStatus) => void;
  /** No network: the outcome waits in the queue under `key` (sent when the network returns). */
  onQueued: (parcel: Parcel, chosen: ParcelStatus, key: string) => void;
}

/**
 * The outcome of a delivery attempt in two taps: the sheet lists the outcomes; one without a
 * date or a reason is saved at once (POST /api/parcels/states), the others ask for it first. A
 * failed attempt (« Pas de réponse », « Injoignable », « Numéro erroné ») with no call from the
 * round in the 15 minutes before asks for a call first, or why he could not.
 */
export function OutcomeSheet({ parcel, open, onClose, onDone, onQueued }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <Drawer
      anchor="bottom"
      open={open && parcel !== null}
      onClose={() => !busy && onClose()}
      data-testid="outcome-sheet"
      slotProps={{ paper: { sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, maxHeight: '92vh' } } }}
    >
      {parcel && <SheetBody key={parcel.key} parcel={parcel} onClose={onClose} onDone={onDone} onQueued={onQueued} busy={busy} setBusy={setBusy} />}
    </Drawer>
  );
}

function SheetBody({
  parcel,
  onClose,
  onDone,
  onQueued,
  busy,
  setBusy,
}: Omit<Props, 'parcel' | 'open'> & { parcel: Parcel; busy: boolean; setBusy: (busy: boolean) => void }) {
  const t = useT();
  const language = useLanguage();
  const [postState] = usePostStateMutation();
  const sendQueue = useSendQueue();
  const recordCall = useRecordCall();
  const user = useAppSelector(selectUser);
  const place = usePhonePosition(OUTCOME_POSITION);
  const lastCall = useLastCall(parcel.key);
  const [chosen, setChosen] = useState<ParcelStatus | null>(null);
  const [sending, setSending] = useState<ParcelStatus | null>(null);
  // Tomorrow: the day a postponement most often takes.
  const [date, setDate] = useState(tomorrow);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ date?: string; comment?: string; no_call_reason?: string; form?: string }>({});
  // A failed attempt chosen with no call known since `since` (ms): the sheet asks for one.
  const [callAsked, setCallAsked] = useState<{ since: number } | null>(null);
  // « Je n'ai pas pu appeler » tapped (or the server asked why): the reason field shows.
  const [reasonShown, setReasonShown] = useState(false);
  const [noCallReason, setNoCallReason] = useState('');
  const called = callAsked !== null && lastCall !== null && lastCall >= callAsked.since;
  const askReason = reasonShown && !called;
  // « Livré » with its proof: asked first when the merchant requires one, offered otherwise.
  const policy = parcel.proof_required ?? 'none';
  const [proof, setProof] = useState<ProofDraft>(EMPTY_PROOF);
  const [proofErrors, setProofErrors] = useState<ProofErrors>({});
  const withProof = chosen === 'delivered';
  const outcomes = outcomesFor(parcel);
  const label = (status: ParcelStatus) => t(`parcels.status.${status}` as MessageKey);

  const send = async (status: ParcelStatus) => {
    if (busy) return;
    const local: typeof errors = {};
    if (needsDate(status) && !date) local.date = t('parcels.state.dateRequired');
    if (needsComment(status) && !comment.trim()) local.comment = t('parcels.state.commentRequired');
    const { form: proofMissing, ...proofLocal } = withProof ? missingProof(policy, proof, t) : {};
    if (proofMissing) local.form = proofMissing;
    // The reason he could not call, when he says so (the field shows).
    const withReason = needsCall(status) && askReason;
    if (withReason && !noCallReason.trim()) local.no_call_reason = t('round.noCallReasonRequired');
    setErrors(local);
    setProofErrors(proofLocal);
    if (Object.keys(local).length > 0 || Object.keys(proofLocal).length > 0) return;
    const recordedAt = new Date();
    setBusy(true);
    setSending(status);
    // A call still being timed goes to the queue now, ahead of this outcome; the position, if
    // the phone gives it in time.
    const [position] = await Promise.all([place.settled(), user ? finishCalls(user.key) : undefined]);
    const proofPart = withProof ? proofBody(proof, recordedAt) : null;
    const body: StateBody = {
      parcel: parcel.key,
      status,
      ...(comment.trim() ? { comment: comment.trim() } : {}),
      ...(needsDate(status) ? { date } : {}),
      ...(proofPart ? { proof: proofPart } : {}),
      ...(withReason ? { no_call_reason: noCallReason.trim() } : {}),
      ...(position ? { position } : {}),
    };
    // One key for this outcome, whichever way it reaches the server (now, or from the queue).
    const key = newOutcomeKey();
    const queue = async () => {
      if (user && (await queueOutcome(user.key, key, body, recordedAt))) {
        setBusy(false);
        setSending(null);
        onQueued(parcel, status, key);
        onClose();
        return true;
      }
      return false;
    };
    if (!navigator.onLine && (await queue())) return;
    try {
      // The calls waiting in the queue reach the server first: this outcome follows them (a
      // sending that fails leaves them queued; the outcome says what the server makes of it).
      if (user && pendingCalls(user.key).length > 0) await sendQueue({ after: true, refresh: false }).catch(() => undefined);
      const result = await postState({ ...body, idempotencyKey: key }).unwrap();
      setBusy(false);
      setSending(null);
      onDone(result.data, status);
      onClose();
    } catch (error) {
      // The network went while sending: the same outcome, under the same key, waits.
      if (errorStatus(error) === 'FETCH_ERROR' && (await queue())) return;
      setBusy(false);
      setSending(null);
      if (errorStatus(error) === 422) {
        // The date and the comment under their fields; anything else (e.g. `parcel`) above.
        const fields = fieldErrors(error);
        const proofFields: ProofErrors = {
          signature: fields['proof.signature'],
          photo: fields['proof.photo'],
          signed_by: fields['proof.signed_by'],
        };
        setProofErrors(proofFields);
        if (fields.no_call_reason) {
          // No call the server knows of: a call placed since this attempt, or the reason (under its field).
          setChosen(status);
          setCallAsked({ since: recordedAt.getTime() });
          setReasonShown(true);
        }
        const placedNames = ['date', 'comment', 'no_call_reason', 'proof.signature', 'proof.photo', 'proof.signed_by'];
        const others = Object.entries(fields)
          .filter(([name]) => !placedNames.includes(name))
          .map(([, message]) => message);
        const placed = placedNames.some((name) => Boolean(fields[name]));
        setErrors({
          date: fields.date,
          comment: fields.comment,
          no_call_reason: fields.no_call_reason,
          form: others.length > 0 ? others.join(' ') : placed ? undefined : failureMessage(error, t),
        });
      } else {
        setErrors({ form: failureMessage(error, t) });
      }
    }
  };

  const choose = (status: ParcelStatus) => {
    setErrors({});
    setProofErrors({});
    if (needsCall(status) && user) {
      const since = callWindowStart();
      if (!calledSince(user.key, parcel.key, since)) {
        setCallAsked({ since });
        setReasonShown(false);
        setChosen(status);
        return;
      }
    }
    if (needsDate(status) || needsComment(status) || (status === 'delivered' && policy !== 'none')) setChosen(status);
    else void send(status);
  };

  return (
    <Box sx={{ p: 2, pb: 3, width: '100%', maxWidth: 640, mx: 'auto', boxSizing: 'border-box' }} data-testid="outcome-body">
      <Box sx={{ width: 40, height: 4, borderRadius: 2, bgcolor: 'divider', mx: 'auto', mb: 2 }} />
      <Typography variant="h6" component="h2">
        {t('round.outcomeTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
          <Ltr>{parcel.key}</Ltr>
        </Box>
        {' · '}
        {parcel.recipient_name}
      </Typography>
      <Box
        data-testid="outcome-amount"
        sx={{ mb: 2, px: 2, py: 1.25, borderRadius: 2, bgcolor: parcel.kind === 'refund' ? 'warning.light' : 'success.light', color: 'common.black' }}
      >
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, lineHeight: 1.25 }}>
          {t(parcel.kind === 'refund' ? 'round.refundAmount' : 'round.collectAmount', { amount: formatMoney(parcel.cod_amount, language) })}
        </Typography>
      </Box>
      {errors.form && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="outcome-error">
          {errors.form}
        </Alert>
      )}
      {outcomes.length === 0 ? (
        <Alert severity="info">{t('parcels.state.none')}</Alert>
      ) : chosen === null ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.25 }}>
          {outcomes.map((status) => (
            <Button
              key={status}
              size="large"
              variant={status === 'delivered' ? 'contained' : 'outlined'}
              color={outcomeColor(status)}
              disabled={busy}
              onClick={() => choose(status)}
              startIcon={sending === status ? <CircularProgress size={18} color="inherit" /> : undefined}
              data-testid={`outcome-${status}`}
              sx={{ minHeight: 52, gridColumn: status === 'delivered' ? '1 / -1' : undefined, lineHeight: 1.2 }}
            >
              {status !== 'delivered'
                ? label(status)
                : t(parcel.kind === 'refund' ? 'round.deliveredRefund' : 'round.deliveredCollect', { amount: formatMoney(parcel.cod_amount, language) })}
            </Button>
          ))}
          {policy === 'none' && outcomes.includes('delivered') && (
            <Button
              variant="text"
              color="success"
              startIcon={<Draw />}
              disabled={busy}
              onClick={() => {
                setErrors({});
                setChosen('delivered');
              }}
              data-testid="outcome-with-proof"
              sx={{ gridColumn: '1 / -1', minHeight: 44 }}
            >
              {t('proof.withProof')}
            </Button>
          )}
        </Box>
      ) : (
        <Form as={Stack} spacing={2} onSubmit={(event) => {
          event.preventDefault();
          return send(chosen);
        }}>
          <Chip color={outcomeColor(chosen)} label={label(chosen)} sx={{ alignSelf: 'flex-start', fontWeight: 600 }} data-testid="outcome-chosen" />
          {needsCall(chosen) ? (
            <CallFirst
              parcel={parcel}
              status={label(chosen)}
              called={called}
              reasonShown={askReason}
              reason={noCallReason}
              error={errors.no_call_reason}
              busy={busy}
              onCall={() => recordCall(parcel.key)}
              onCannotCall={() => setReasonShown(true)}
              onReason={(reason) => {
                setNoCallReason(reason);
                // The message was about the reason given then.
                setErrors((current) => ({ ...current, no_call_reason: undefined }));
              }}
            />
          ) : withProof ? (
            <ProofFields
              policy={policy}
              draft={proof}
              onChange={(update) => {
                setProof((current) => ({ ...current, ...update }));
                // A message goes once the part it was about changes (signed, photo taken).
                setProofErrors((current) => ({
                  ...current,
                  ...('signature' in update ? { signature: undefined } : {}),
                  ...('photo' in update ? { photo: undefined } : {}),
                  ...('signedBy' in update ? { signed_by: undefined } : {}),
                }));
              }}
              errors={proofErrors}
              busy={busy}
            />
          ) : (
          <StateDetailFields
            needsDate={needsDate(chosen)}
            needsComment={needsComment(chosen)}
            date={date}
            onDate={setDate}
            comment={comment}
            onComment={setComment}
            errors={errors}
            busy={busy}
            testIdPrefix="outcome"
            beforeComment={
              needsComment(chosen) && (
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  {QUICK_REASONS.map((key) => (
                    <Chip key={key} label={t(key)} variant="outlined" onClick={() => setComment(t(key))} disabled={busy} />
                  ))}
                </Box>
              )
            }
          />
          )}
          <Stack direction="row" spacing={1}>
            <Button startIcon={<ArrowBack {...MIRROR_IN_RTL} />} onClick={() => setChosen(null)} disabled={busy} color="secondary" sx={{ minHeight: 48 }}>
              {t('round.back')}
            </Button>
            {/* A failed attempt is saved once called, or with the reason he could not. */}
            {(!needsCall(chosen) || callAsked === null || called || askReason) && (
              <Button
                type="submit"
                variant="contained"
                color={outcomeColor(chosen)}
                disabled={busy}
                startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
                sx={{ flexGrow: 1, minHeight: 48 }}
                data-testid="outcome-submit"
              >
                {t('round.save', { status: label(chosen) })}
              </Button>
            )}
          </Stack>
        </Form>
      )}
      <Button fullWidth onClick={onClose} disabled={busy} color="secondary" sx={{ mt: 2, minHeight: 44 }}>
        {/* « Fermer », not « Annuler »: beside « Annulé », an outcome. */}
        {t('common.close')}
      </Button>
    </Box>
  );
}

/**
 * A failed attempt with no call from the round in the 15 minutes before: call now (the dialer
 * opens and the call is recorded), or say why he could not; once called, saved as it is.
 */
function CallFirst({
  parcel,
  status,
  called,
  reasonShown,
  reason,
  error,
  busy,
  onCall,
  onCannotCall,
  onReason,
}: {
  parcel: Parcel;
  /** The outcome's label (« Pas de réponse »). */
  status: string;
  called: boolean;
  reasonShown: boolean;
  reason: string;
  error?: string;
  busy: boolean;
  onCall: () => void;
  onCannotCall: () => void;
  onReason: (reason: string) => void;
}) {
  const t = useT();
  return (
    <Stack spacing={1.5} data-testid="outcome-call-check" data-called={called}>
      {called ? (
        <Alert severity="success" data-testid="outcome-called">
          {t('round.called')}
        </Alert>
      ) : (
        <Alert severity="warning" data-testid="outcome-call-first">
          {t('round.callFirst', { status })}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          component={Link}
          href={`tel:${parcel.recipient_phone}`}
          variant={called ? 'outlined' : 'contained'}
          startIcon={<Call />}
          onClick={onCall}
          disabled={busy}
          aria-label={t('round.callName', { name: parcel.recipient_name, phone: parcel.recipient_phone })}
          sx={{ minHeight: 48, flex: '1 1 auto' }}
          data-testid="outcome-call"
        >
          {t('round.call')}&nbsp;
          <Ltr>{parcel.recipient_phone}</Ltr>
        </Button>
        {parcel.recipient_phone_alt && (
          <Link href={`tel:${parcel.recipient_phone_alt}`} variant="body2" onClick={onCall} data-testid="outcome-call-alt">
            {t('round.callAlt', { phone: parcel.recipient_phone_alt })}
          </Link>
        )}
      </Stack>
      {!called && !reasonShown && (
        <Button variant="text" color="secondary" onClick={onCannotCall} disabled={busy} sx={{ alignSelf: 'flex-start', minHeight: 44 }} data-testid="outcome-cannot-call">
          {t('round.cannotCall')}
        </Button>
      )}
      {reasonShown && (
        <>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {NO_CALL_REASONS.map((key) => (
              <Chip key={key} label={t(key)} variant="outlined" onClick={() => onReason(t(key))} disabled={busy} />
            ))}
          </Box>
          <FormTextField
            name="no_call_reason"
            label={t('round.noCallReason')}
            required
            multiline
            minRows={2}
            value={reason}
            onChange={(event) => onReason(event.target.value)}
            error={Boolean(error)}
            helperText={error}
            disabled={busy}
            inputProps={{ maxLength: NO_CALL_REASON_MAX, 'data-testid': 'outcome-no-call-reason' }}
          />
        </>
      )}
    </Stack>
  );
}
