import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorStatus } from '../../core/api';
import { useAppSelector } from '../../core/hooks';
import { ConfirmDialog } from '../../components/form/ConfirmDialog';
import type { FormValues } from '../../components/form/fields';
import { FormDialog } from '../../components/form/FormDialog';
import { NoticeSnackbar, useNotice } from '../../components/NoticeSnackbar';
import { PageHeader } from '../../components/PageHeader';
import { formatDate, useLanguage, useT } from '../../i18n';
import { selectSessionInfo } from '../../core/session/authSlice';
import { SelectField } from '../../components/support/fields';
import {
  GUIDE_PARAM,
  useCreateGuideMutation,
  useDeleteGuideMutation,
  useGetGuideQuery,
  useListGuidesQuery,
  useUpdateGuideMutation,
  type Guide,
  type GuideAudience,
} from './api';
import { MarkdownEditor } from './MarkdownEditor';
import { Markdown } from './Markdown';
import '../../i18n/screens';
import '../../i18n/support';
import { MIRROR_IN_RTL } from '../../components/mirror';

interface GuideForm extends FormValues {
  title: string;
  body: string;
  audience: GuideAudience;
}

const GUIDE_AUDIENCES: readonly GuideAudience[] = ['all', 'clients', 'delivery'];

/** /compte/guide (every portal): the guides each reads, one at a time (`?page=KEY`); admins write them. */
export default function GuidesScreen() {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const isAdmin = session.role === 'admin';
  const [params, setParams] = useSearchParams();
  const opened = params.get(GUIDE_PARAM);
  const { notice, notify, close } = useNotice();
  /** undefined: no form; null: a new guide; a guide: its edit form. */
  const [editing, setEditing] = useState<Guide | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Guide | null>(null);
  const [createGuide] = useCreateGuideMutation();
  const [updateGuide] = useUpdateGuideMutation();
  const [deleteGuide] = useDeleteGuideMutation();

  const open = useCallback(
    (key: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (key) next.set(GUIDE_PARAM, key);
          else next.delete(GUIDE_PARAM);
          return next;
        },
        { replace: key === null },
      ),
    [setParams],
  );

  const adminActions = (guide: Guide) =>
    isAdmin && !guide.built_in ? (
      <Stack direction="row" spacing={0.5}>
        <Tooltip title={t('guides.edit')}>
          <IconButton aria-label={`${t('guides.edit')} ${guide.title}`} onClick={() => setEditing(guide)} data-testid="guide-edit">
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('guides.delete')}>
          <IconButton
            aria-label={`${t('guides.delete')} ${guide.title}`}
            color="error"
            onClick={() => setDeleting(guide)}
            data-testid="guide-delete"
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    ) : null;

  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }} data-testid="guides-screen">
      <PageHeader
        title={t('route.guide')}
        subtitle={t(session.role === 'delivery-admin' ? 'guides.subtitleDelivery' : 'guides.subtitle')}
        actions={
          isAdmin && !opened ? (
            <Button variant="contained" startIcon={<Add />} onClick={() => setEditing(null)} data-testid="guide-create">
              {t('guides.create')}
            </Button>
          ) : undefined
        }
      />
      {opened ? (
        <GuideReader key={opened} guideKey={opened} onBack={() => open(null)} actions={adminActions} />
      ) : (
        <GuideList onOpen={open} actions={adminActions} />
      )}
      {editing !== undefined && (
        <FormDialog<GuideForm>
          open
          maxWidth="lg"
          testId="guide-dialog"
          title={editing ? t('guides.editTitle', { title: editing.title }) : t('guides.createTitle')}
          initialValues={editing ? { title: editing.title, body: editing.body, audience: editing.audience } : { title: '', body: '', audience: 'clients' }}
          fields={[
            { name: 'title', label: t('guides.title'), required: true, autoFocus: true, maxLength: 150 },
            {
              name: 'audience',
              label: t('guides.audience'),
              type: 'custom',
              required: true,
              render: (props) => <SelectField {...props} options={GUIDE_AUDIENCES.map((value) => ({ value, label: t(`guides.audience.${value}`) }))} />,
            },
            {
              name: 'body',
              label: t('guides.body'),
              type: 'custom',
              required: true,
              wide: true,
              helperText: t('guides.bodyHelp'),
              render: (props) => <MarkdownEditor {...props} />,
            },
          ]}
          submitLabel={editing ? t('form.save') : t('form.create')}
          onSubmit={(values) => {
            const body = { title: values.title.trim(), body: values.body, audience: values.audience };
            return editing ? updateGuide({ key: editing.key, body }).unwrap() : createGuide(body).unwrap();
          }}
          onSaved={() => notify(t('guides.saved'))}
          onClose={() => setEditing(undefined)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          open
          title={t('guides.deleteTitle', { title: deleting.title })}
          confirmLabel={t('guides.delete')}
          onConfirm={() => deleteGuide(deleting.key).unwrap()}
          onDone={() => {
            notify(t('guides.deleted'));
            if (opened === deleting.key) open(null);
          }}
          onClose={() => setDeleting(null)}
        />
      )}
      <NoticeSnackbar notice={notice} onClose={close} testId="guides-notice" />
    </Box>
  );
}

function useDay() {
  const language = useLanguage();
  return (value: string) => formatDate(value, language, { dateStyle: 'medium' });
}

function GuideList({ onOpen, actions }: { onOpen: (key: string) => void; actions: (guide: Guide) => React.ReactNode }) {
  const t = useT();
  const day = useDay();
  const { data, isLoading, isError } = useListGuidesQuery({ per_page: 100 });
  if (isLoading) {
    return (
      <Box data-testid="guides-loading">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={72} />
        ))}
      </Box>
    );
  }
  if (isError) return <Alert severity="error">{t('guides.loadError')}</Alert>;
  // The built-in guide first, whatever the server's order.
  const guides = [...(data?.data ?? [])].sort((a, b) => Number(b.built_in) - Number(a.built_in));
  if (guides.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="guides-empty">
        {t('guides.empty')}
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5} data-testid="guides-list">
      {guides.map((guide) => (
        <Card key={guide.key} sx={{ display: 'flex', alignItems: 'center' }} data-testid="guide-row" data-key={guide.key}>
          <CardActionArea
            onClick={() => onOpen(guide.key)}
            aria-label={`${t('guides.read')} ${guide.title}`}
            sx={{ p: 2, display: 'flex', alignItems: 'center', justifyContent: 'flex-start', gap: 2, minWidth: 0 }}
          >
            <MenuBookOutlined color="primary" />
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{guide.title}</Typography>
              <Typography variant="caption" color="text.secondary">
                {t('guides.updatedAt', { date: day(guide.updated_at) })}
              </Typography>
            </Box>
            {guide.built_in && <Chip size="small" label={t('guides.builtIn')} color="primary" variant="outlined" />}
          </CardActionArea>
          <Box sx={{ pr: 1 }}>{actions(guide)}</Box>
        </Card>
      ))}
    </Stack>
  );
}

function GuideReader({
  guideKey,
  onBack,
  actions,
}: {
  guideKey: string;
  onBack: () => void;
  actions: (guide: Guide) => React.ReactNode;
}) {
  const t = useT();
  const day = useDay();
  const { data, isLoading, isError, error } = useGetGuideQuery(guideKey);
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }} data-testid="guide-reader">
      <Box>
        <Button startIcon={<ArrowBack {...MIRROR_IN_RTL} />} onClick={onBack} data-testid="guide-back">
          {t('guides.back')}
        </Button>
      </Box>
      {isLoading ? (
        <Card sx={{ p: 3 }} data-testid="guide-loading">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={28} />
          ))}
        </Card>
      ) : isError || !data ? (
        <Alert severity="error">{errorStatus(error) === 404 ? t('guides.notFound') : t('guides.loadError')}</Alert>
      ) : (
        <Card component="article" sx={{ p: { xs: 2, sm: 4 }, minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, mb: 2 }}>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }} data-testid="guide-title">
                {data.data.title}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('guides.updatedAt', { date: day(data.data.updated_at) })}
              </Typography>
            </Box>
            {actions(data.data)}
          </Stack>
          <Markdown source={data.data.body} testId="guide-body" />
        </Card>
      )}
    </Box>
  );
}
