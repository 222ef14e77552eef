import { api } from '../../core/api';
import type { ItemResponse } from '../../core/crud';
import { crudEndpoints } from '../../core/crud';

export type GuideAudience = 'all' | 'clients' | 'delivery';

/** GET /api/guides item. */
export interface Guide {
  key: string;
  title: string;
  /** Markdown. */
  body: string;
  audience: GuideAudience;
  built_in: boolean;
  created_at: string;
  updated_at: string;
}

export interface GuideBody {
  title: string;
  body: string;
  audience: GuideAudience;
}

/** The guide that ships with the product (generated from the OpenAPI document). */
export const BUILT_IN_GUIDE = 'merchant-api';

export const guidesApi = api.injectEndpoints({
  endpoints: (build) => {
    const guides = crudEndpoints<Guide, GuideBody>(build, { path: 'guides', tag: 'guides' });
    return {
      listGuides: guides.list,
      getGuide: build.query<ItemResponse<Guide>, string>({
        query: (key) => `guides/${encodeURIComponent(key)}`,
        providesTags: ['guides'],
      }),
      createGuide: guides.create,
      updateGuide: guides.update,
      deleteGuide: guides.remove,
    };
  },
});

export const { useListGuidesQuery, useGetGuideQuery, useCreateGuideMutation, useUpdateGuideMutation, useDeleteGuideMutation } =
  guidesApi;

/** The query parameter of the guide being read on /compte/guide. */
export const GUIDE_PARAM = 'page';
