import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { FormTextField } from '../../components/FormTextField';
import { LoadStates } from '../../components/LoadStates';
import { formatDate, useLanguage, useT } from '../../i18n';
import { formErrors, type FormErrors } from '../../core/session/errors';
import {
  useCreateTokenMutation,
  useRevokeTokenMutation,
  useTokensQuery,
  type CreatedToken,
  type PersonalToken,
  type TokenAbility,
} from './api';
import { SecretDialog } from './SecretDialog';
import { Form } from '../../components/form/Form';

const NO_ERRORS: FormErrors = { fields: {}, form: null };

/** YYYY-MM-DD, `days` from today (the server's default lifetime is 90 days, 365 at most). */
function dateIn(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

function useDateFormat() {
  const language = useLanguage();
  return (value: string | null | undefined, empty: string) => {
    if (!value) return empty;
    return formatDate(value, language, { dateStyle: 'medium' });
  };
}

/** "Read and write" or "Read only" (tokens made before abilities existed hold "*": both). */
function abilitiesLabel(abilities: string[] | undefined, t: ReturnType<typeof useT>): string {
  const all = abilities ?? [];
  const writes = all.includes('write') || all.includes('*');
  return writes ? t('tokens.ability.write') : t('tokens.ability.read');
}

/** A merchant's API tokens: create (name, abilities, expiry), see once, list, revoke. */
export function TokensCard() {
  const t = useT();
  const formatDate = useDateFormat();
  const tokens = useTokensQuery();
  const [createToken, creating] = useCreateTokenMutation();
  const [revokeToken, revoking] = useRevokeTokenMutation();
  const [name, setName] = useState('');
  const [expiresAt, setExpiresAt] = useState(() => dateIn(90));
  const [canWrite, setCanWrite] = useState(true);
  // "Expired" is judged against when the screen opened: render stays pure.
  const [openedAt] = useState(() => Date.now());
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [toRevoke, setToRevoke] = useState<PersonalToken | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    setNotice(null);
    try {
      const abilities: TokenAbility[] = canWrite ? ['read', 'write'] : ['read'];
      const result = await createToken({
        name: name.trim(),
        abilities,
        ...(expiresAt ? { expires_at: expiresAt } : {}),
      }).unwrap();
      setCreated(result);
      setName('');
      setExpiresAt(dateIn(90));
      setCanWrite(true);
    } catch (error) {
      setErrors(formErrors(error, t));
    }
  };

  const revoke = async () => {
    if (!toRevoke) return;
    try {
      await revokeToken(toRevoke.key).unwrap();
      setNotice(t('tokens.revoked'));
    } catch (error) {
      setErrors(formErrors(error, t));
    } finally {
      setToRevoke(null);
    }
  };

  const list = tokens.data?.data ?? [];

  return (
    <Card data-testid="tokens-card">
      <CardHeader title={t('tokens.title')} subheader={t('tokens.subtitle')} />
      <CardContent>
        <Stack spacing={3}>
          <Form
            onSubmit={submit}
            data-testid="token-form"
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr auto' }, alignItems: 'start' }}
          >
            <FormTextField
              label={t('tokens.name')}
              name="name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(errors.fields.name)}
              helperText={errors.fields.name}
              required
            />
            <FormTextField
              label={t('tokens.expiresAt')}
              name="expires_at"
              type="date"
              value={expiresAt}
              onChange={(event) => setExpiresAt(event.target.value)}
              error={Boolean(errors.fields.expires_at)}
              helperText={errors.fields.expires_at ?? t('tokens.expiresHelp')}
              shrinkLabel
              inputProps={{ min: dateIn(1), max: dateIn(365) }}
            />
            <TextField
              select
              label={t('tokens.abilities')}
              value={canWrite ? 'write' : 'read'}
              onChange={(event) => setCanWrite(event.target.value === 'write')}
              error={Boolean(errors.fields.abilities)}
              helperText={errors.fields.abilities ?? t('tokens.abilitiesHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'token-abilities' } }}
            >
              <MenuItem value="write">{t('tokens.ability.write')}</MenuItem>
              <MenuItem value="read">{t('tokens.ability.read')}</MenuItem>
            </TextField>
            <Button type="submit" variant="contained" disabled={creating.isLoading || !name.trim()} sx={{ height: 56 }}>
              {t('tokens.create')}
            </Button>
          </Form>
          {errors.form && <Alert severity="error">{errors.form}</Alert>}
          {notice && (
            <Alert severity="success" closeText={t('common.close')} onClose={() => setNotice(null)}>
              {notice}
            </Alert>
          )}
          <LoadStates
            loading={tokens.isLoading}
            failed={tokens.isError}
            empty={list.length === 0}
            failedText={t('tokens.loadError')}
            emptyText={t('tokens.empty')}
            emptyTestId="tokens-empty"
          >
            <TableContainer>
              <Table size="small" data-testid="tokens-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('tokens.col.name')}</TableCell>
                    <TableCell>{t('tokens.col.created')}</TableCell>
                    <TableCell>{t('tokens.col.abilities')}</TableCell>
                    <TableCell>{t('tokens.col.expires')}</TableCell>
                    <TableCell>{t('tokens.col.lastUsed')}</TableCell>
                    <TableCell align="right">{t('tokens.col.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.map((token) => (
                    <TableRow key={token.key} data-testid="token-row">
                      <TableCell sx={{ fontWeight: 600 }}>{token.name}</TableCell>
                      <TableCell>{formatDate(token.created_at, '—')}</TableCell>
                      <TableCell data-testid="token-abilities-cell">{abilitiesLabel(token.abilities, t)}</TableCell>
                      <TableCell>
                        {formatDate(token.expires_at, t('tokens.noExpiry'))}
                        {token.expires_at && new Date(token.expires_at).getTime() < openedAt && (
                          <Chip size="small" color="warning" label={t('tokens.expired')} sx={{ ml: 1 }} />
                        )}
                      </TableCell>
                      <TableCell>{formatDate(token.last_used_at, t('tokens.never'))}</TableCell>
                      <TableCell align="right">
                        <Button
                          color="error"
                          size="small"
                          startIcon={<DeleteOutlined />}
                          onClick={() => setToRevoke(token)}
                          aria-label={`${t('tokens.revoke')} ${token.name}`}
                        >
                          {t('tokens.revoke')}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </LoadStates>
        </Stack>
      </CardContent>
      <SecretDialog
        open={created !== null}
        title={t('tokens.createdTitle')}
        body={t('tokens.createdBody')}
        label={created?.data.name ?? t('tokens.name')}
        value={created?.token ?? ''}
        texts={{ copied: t('tokens.copied'), copyFailed: t('tokens.copyFailed'), done: t('tokens.done') }}
        testIdPrefix="new-token"
        onClose={() => setCreated(null)}
      />
      <Dialog open={toRevoke !== null} onClose={() => setToRevoke(null)} data-testid="revoke-dialog">
        <DialogTitle>{t('tokens.revokeTitle', { name: toRevoke?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('tokens.revokeBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToRevoke(null)}>{t('common.cancel')}</Button>
          <Button color="error" variant="contained" onClick={revoke} disabled={revoking.isLoading}>
            {t('tokens.revoke')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
