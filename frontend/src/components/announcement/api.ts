import { api } from '../../core/api';
import { crudEndpoints } from '../../core/crud';

export const AUDIENCES = ['all', 'clients', 'delivery'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** GET /api/announcements item. */
export interface Announcement {
  key: string;
  title: string;
  /** Plain text. */
  body: string;
  audience: Audience;
  audience_label: string;
  starts_on: string | null;
  ends_on: string | null;
  author: { name: string };
  created_at: string;
}

export interface AnnouncementBody {
  title: string;
  body: string;
  audience: Audience;
  starts_on?: string | null;
  ends_on?: string | null;
}

export const announcementsApi = api.injectEndpoints({
  endpoints: (build) => {
    const announcements = crudEndpoints<Announcement, AnnouncementBody>(build, { path: 'announcements', tag: 'announcements' });
    return {
      listAnnouncements: announcements.list,
      createAnnouncement: announcements.create,
      deleteAnnouncement: announcements.remove,
    };
  },
});

export const { useListAnnouncementsQuery, useCreateAnnouncementMutation, useDeleteAnnouncementMutation } = announcementsApi;
