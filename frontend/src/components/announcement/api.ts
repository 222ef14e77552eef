import { api } from '../../core/api';
import type { Body, Schema } from '../../core/apiTypes';
import { crudEndpoints } from '../../core/crud';

export type Audience = Schema<'Audience'>;
export const AUDIENCES = ['all', 'clients', 'delivery'] as const satisfies readonly Audience[];

/** GET /api/announcements item. */
export type Announcement = Schema<'AnnouncementView'>;

export type AnnouncementBody = Body<'/api/announcements', 'post'>;

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
