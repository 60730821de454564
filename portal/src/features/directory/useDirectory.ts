import {
  api,
  toListingCategory,
  toListingType,
  upload,
  unwrap,
  type Listing,
} from '@diaspora/api-client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Cards per page of the directory list. */
export const DIRECTORY_PAGE_SIZE = 12;
/** The My Submissions tab shows every own listing at once (members have a handful). */
const MY_LISTINGS_LIMIT = 100;

export interface DirectoryFilters {
  search: string;
  type: string;
  category: string;
  page: number;
}

/** GET /directory?search&type&category&page: approved listings for members. */
export function useListings(filters: DirectoryFilters, enabled: boolean) {
  return useQuery({
    queryKey: ['directory', 'list', filters],
    enabled,
    queryFn: () =>
      unwrap(
        api.GET('/api/directory', {
          params: {
            query: {
              page: filters.page,
              limit: DIRECTORY_PAGE_SIZE,
              search: filters.search || undefined,
              type: toListingType(filters.type),
              category: toListingCategory(filters.category),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /directory/my-listings: the member's own listings in every status. */
export function useMyListings(enabled: boolean) {
  return useQuery({
    queryKey: ['directory', 'mine'],
    enabled,
    queryFn: () =>
      unwrap(
        api.GET('/api/directory/my-listings', {
          params: { query: { limit: MY_LISTINGS_LIMIT } },
        }),
      ),
  });
}

/** GET /directory/:id. */
export function useListing(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['directory', 'listing', id],
    enabled: enabled && Boolean(id),
    retry: false,
    queryFn: () => unwrap(api.GET('/api/directory/{id}', { params: { path: { id: id ?? '' } } })),
  });
}

/**
 * POST /directory, or PUT /directory/:id when the owner edits and resubmits (multipart, with
 * upload progress); the lists and the listing reload afterwards.
 */
export function useSubmitListing(
  listingId: string | undefined,
  onProgress: (percent: number) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      listingId
        ? upload<Listing>('PUT', '/api/directory/{id}', form, {
            path: { id: listingId },
            onProgress,
          })
        : upload<Listing>('POST', '/api/directory', form, { onProgress }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['directory'] }),
  });
}

/**
 * Reloads the listings (after an edit refused with EDIT_CONFLICT, once its form is closed: the
 * detail page remounts the form per version, so reloading while it is open would drop what the
 * owner typed), so the form opened next shows the other changes.
 */
export function useReloadListings() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['directory'] });
}
