import { api } from '../../core/api';
import type { Body, Schema } from '../../core/apiTypes';
import type { ItemResponse } from '../../core/crud';
import { crudEndpoints } from '../../core/crud';

export type GuideAudience = Schema<'Audience'>;

/** GET /api/guides item. */
export type Guide = Schema<'GuideView'>;

export type GuideBody = Body<'/api/guides', 'post'>;

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
