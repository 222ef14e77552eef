import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { DataTable, type Column } from '../../components/table/DataTable';
import { FilterSelect } from '../../components/table/FilterSelect';
import { useListState, type ListState } from '../../components/table/useListState';
import { useDebounced } from '../../components/useDebounced';
import { useLanguage, useT } from '../../i18n';
import { DateTimeText } from '../../components/DateTimeText';
import { activitiesExportUrl, detailsText, useActivityKindsQuery, useListActivitiesQuery, type Activity } from '../../components/activity/api';
import { PersonAutocomplete, type PersonOption } from './PersonAutocomplete';
import '../../i18n/support';

/** /compte/activites (admin, from the dashboard): every recorded activity, filtered, server-paged. */
export default function ActivitiesScreen() {
  const t = useT();
  const language = useLanguage();
  const list = useListState();
  const result = useListActivitiesQuery(list.args);
  const [person, setPerson] = useState<PersonOption | null>(null);

  const pickPerson = (next: PersonOption | null) => {
    setPerson(next);
    list.setFilter('user', next?.key);
  };

  const columns: Column<Activity>[] = [
    { id: 'created_at', label: t('activities.when'), render: (row) => <DateTimeText value={row.created_at} /> },
    {
      id: 'action',
      label: t('activities.what'),
      card: 'title',
      render: (row) => (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.action_label}
        </Typography>
      ),
    },
    {
      id: 'user',
      label: t('activities.who'),
      render: (row) =>
        row.user ? (
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={(event: React.MouseEvent) => {
              event.stopPropagation();
              pickPerson({ key: row.user!.key, name: row.user!.name });
            }}
            data-testid="activity-user"
          >
            {row.user.name}
          </Link>
        ) : (
          t('activities.system')
        ),
    },
    {
      id: 'subject_code',
      label: t('activities.subject'),
      render: (row) => {
        const code = row.subject_code ?? row.subject_key;
        return code ? (
          <bdi style={{ fontFamily: 'monospace' }} data-testid="activity-subject">
            {code}
          </bdi>
        ) : (
          '—'
        );
      },
    },
    {
      id: 'details',
      label: t('activities.details'),
      render: (row) => (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere', display: 'block', maxWidth: 360 }}>
          {detailsText(row.detail_lines) || '—'}
        </Typography>
      ),
    },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }} data-testid="activities-screen">
      <PageHeader
        title={t('route.activities')}
        subtitle={t('activities.subtitle')}
        actions={
          // A plain link: the browser streams the file to disk, whatever its size.
          <Button
            component="a"
            href={activitiesExportUrl(list.filters, language)}
            download
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            data-testid="activities-export"
          >
            {t('activities.export')}
          </Button>
        }
      />
      <DataTable<Activity>
        columns={columns}
        list={list}
        result={result}
        rowKey={(row) => row.key}
        rowName={(row) => row.action_label}
        emptyMessage={t('activities.empty')}
        testId="activities-table"
        filters={
          <>
            <Box sx={{ minWidth: 220 }} data-testid="filter-user">
              <PersonAutocomplete label={t('activities.person')} value={person} onChange={pickPerson} />
            </Box>
            <KindFilter list={list} />
            <TextFilter list={list} filter="subject_key" label={t('activities.key')} />
            <DateFilter list={list} filter="from" label={t('activities.from')} />
            <DateFilter list={list} filter="to" label={t('activities.to')} />
          </>
        }
      />
    </Box>
  );
}

function KindFilter({ list }: { list: ListState }) {
  const t = useT();
  const { data } = useActivityKindsQuery();
  return (
    <FilterSelect
      list={list}
      filter="action"
      label={t('activities.kind')}
      options={[{ value: '', label: t('activities.allKinds') }, ...(data?.data ?? []).map((kind) => ({ value: kind.key, label: kind.label }))]}
    />
  );
}

function TextFilter({ list, filter, label }: { list: ListState; filter: string; label: string }) {
  const [text, setText] = useState(String(list.filters[filter] ?? ''));
  const settled = useDebounced(text.trim(), 350);
  const { setFilter } = list;
  useEffect(() => setFilter(filter, settled || undefined), [setFilter, filter, settled]);
  return (
    <TextField
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ minWidth: 200 }}
      slotProps={{ htmlInput: { 'data-testid': `filter-${filter}`, maxLength: 100 } }}
    />
  );
}

function DateFilter({ list, filter, label }: { list: ListState; filter: string; label: string }) {
  const value = list.filters[filter];
  return (
    <TextField
      type="date"
      label={label}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => list.setFilter(filter, event.target.value || undefined)}
      sx={{ minWidth: 160 }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `filter-${filter}`, 'aria-label': label } }}
    />
  );
}
