import Typography from '@mui/material/Typography';
import type { FormValues } from '../../components/form/fields';
import { ResourceScreen } from '../../components/resource/ResourceScreen';
import type { Column } from '../../components/table/DataTable';
import { dateColumn } from '../../components/table/columns';
import { useListState } from '../../components/table/useListState';
import { useT } from '../../i18n';
import { DateField, SelectField } from '../../components/support/fields';
import { AnnouncementPeriod, AudienceChip } from '../../components/announcement/AnnouncementParts';
import {
  AUDIENCES,
  useCreateAnnouncementMutation,
  useDeleteAnnouncementMutation,
  useListAnnouncementsQuery,
  type Announcement,
  type Audience,
} from '../../components/announcement/api';
import '../../i18n/screens';
import '../../i18n/support';

interface AnnouncementForm extends FormValues {
  title: string;
  body: string;
  audience: Audience;
  starts_on: string;
  ends_on: string;
}

/** /compte/annonces (admin): the announcements published, a new one, deletion. */
export default function AnnouncementsScreen() {
  const t = useT();
  const list = useListState();
  const result = useListAnnouncementsQuery(list.args);
  const [createAnnouncement] = useCreateAnnouncementMutation();
  const [deleteAnnouncement] = useDeleteAnnouncementMutation();

  const columns: Column<Announcement>[] = [
    {
      id: 'title',
      label: t('announcements.title'),
      render: (row) => (
        <>
          <Typography variant="body2" dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {row.title}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            dir="auto"
            sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', whiteSpace: 'pre-wrap', maxWidth: 480 }}
          >
            {row.body}
          </Typography>
        </>
      ),
    },
    { id: 'audience', label: t('announcements.audience'), card: 'badge', render: (row) => <AudienceChip announcement={row} /> },
    { id: 'period', label: t('announcements.period'), render: (row) => <AnnouncementPeriod announcement={row} /> },
    { id: 'author', label: t('announcements.author'), render: (row) => row.author.name },
    dateColumn('created_at', t('crud.createdAt')),
  ];

  return (
    <ResourceScreen<Announcement, AnnouncementForm>
      title={t('route.announcements')}
      subtitle={t('announcements.subtitle')}
      testId="announcements-screen"
      list={list}
      result={result}
      columns={columns}
      rowName={(row) => row.title}
      emptyMessage={t('announcements.empty')}
      form={{
        createLabel: t('announcements.publish'),
        createTitle: t('announcements.publishTitle'),
        editTitle: (row) => row.title,
        empty: () => ({ title: '', body: '', audience: 'all', starts_on: '', ends_on: '' }),
        fromRow: (row) => ({ title: row.title, body: row.body, audience: row.audience, starts_on: row.starts_on ?? '', ends_on: row.ends_on ?? '' }),
        maxWidth: 'md',
        validate: (values): Record<string, string> =>
          values.starts_on && values.ends_on && values.ends_on < values.starts_on ? { ends_on: t('announcements.endsBeforeStart') } : {},
        fields: () => [
          { name: 'title', label: t('announcements.title'), required: true, wide: true, autoFocus: true, maxLength: 150 },
          { name: 'body', label: t('announcements.body'), type: 'multiline', required: true, wide: true, maxLength: 5000 },
          {
            name: 'audience',
            label: t('announcements.audience'),
            type: 'custom',
            required: true,
            wide: true,
            render: (props) => <SelectField {...props} options={AUDIENCES.map((value) => ({ value, label: t(`announcements.audience.${value}`) }))} />,
          },
          {
            name: 'starts_on',
            label: t('announcements.startsOn'),
            type: 'custom',
            helperText: t('announcements.datesHelp'),
            render: (props) => <DateField {...props} />,
          },
          { name: 'ends_on', label: t('announcements.endsOn'), type: 'custom', render: (props) => <DateField {...props} /> },
        ],
      }}
      onCreate={(values) =>
        createAnnouncement({
          title: values.title.trim(),
          body: values.body.trim(),
          audience: values.audience,
          starts_on: values.starts_on || null,
          ends_on: values.ends_on || null,
        }).unwrap()
      }
      onDelete={(row) => deleteAnnouncement(row.key).unwrap()}
      deleteText={(row) => ({ title: t('announcements.deleteTitle', { title: row.title }), body: t('announcements.deleteBody') })}
    />
  );
}
