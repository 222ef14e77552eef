import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { failureMessage } from '../../components/form/failureMessage';
import type { ProofPolicy } from '../../components/parcel/api';
import { useT, type MessageKey } from '../../i18n';
import { useDeliveryProofQuery, useSetDeliveryProofMutation } from './api';
import '../../i18n/parcels';

const POLICIES: readonly ProofPolicy[] = ['none', 'signature', 'photo'];

/** The merchant chooses what his delivery people must collect on « Livré »; saved on choice. */
export function DeliveryProofCard() {
  const t = useT();
  const { data, isLoading, isError, refetch } = useDeliveryProofQuery();
  const [save, { isLoading: saving }] = useSetDeliveryProofMutation();
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const current = data?.data.delivery_proof;
  const label = (policy: ProofPolicy) => t(`proof.policy.${policy}` as MessageKey);

  const choose = (policy: ProofPolicy) => {
    setMessage(null);
    save(policy)
      .unwrap()
      .then(() => setMessage({ severity: 'success', text: t('proof.settingSaved', { policy: label(policy) }) }))
      .catch((failure: unknown) => setMessage({ severity: 'error', text: failureMessage(failure, t) }));
  };

  return (
    <Card data-testid="delivery-proof-card">
      <CardHeader title={t('proof.settingTitle')} subheader={t('proof.settingHelp')} />
      <CardContent>
        {isLoading ? (
          <Skeleton height={96} />
        ) : isError || !current ? (
          <Alert severity="error" action={<Link component="button" onClick={() => refetch()}>{t('error.retry')}</Link>}>
            {t('proof.settingError')}
          </Alert>
        ) : (
          <RadioGroup
            aria-label={t('proof.settingLabel')}
            value={current}
            onChange={(event) => choose(event.target.value as ProofPolicy)}
            data-testid="delivery-proof-choice"
          >
            {POLICIES.map((policy) => (
              <FormControlLabel key={policy} value={policy} control={<Radio disabled={saving} />} label={label(policy)} />
            ))}
          </RadioGroup>
        )}
        {message && (
          <Alert severity={message.severity} sx={{ mt: 1 }} data-testid="delivery-proof-message">
            {message.text}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
