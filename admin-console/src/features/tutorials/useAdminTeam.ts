import { api, unwrap, upload, type TeamMember, type TeamMemberRequest } from '@diaspora/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** GET /team: the whole team, founders first (also what the portal shows). */
export function useAdminTeam() {
  return useQuery({ queryKey: ['team', 'all'], queryFn: () => unwrap(api.GET('/api/team')) });
}

/** The member was saved but the photo upload failed; a retry must edit, not create again. */
export class PhotoUploadError extends Error {
  constructor(
    readonly member: TeamMember,
    cause: unknown,
  ) {
    super('The team member was saved but the photo could not be uploaded', { cause });
  }
}

function uploadPhoto(id: string, file: File): Promise<TeamMember> {
  const form = new FormData();
  form.append('photo', file);
  return upload<TeamMember>('PUT', '/api/team/{id}/photo', form, { path: { id } });
}

export interface SaveTeamMember {
  id?: string;
  member: TeamMemberRequest;
  /** Edit: the updatedAt the editor loaded; a newer save by someone else answers EDIT_CONFLICT. */
  updatedAt?: string;
  /** A photo to upload through the media service once the member is saved. */
  photo?: File;
}

/** POST /team or PUT /team/:id, then PUT /team/:id/photo when a photo is chosen. */
export function useSaveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, member, updatedAt, photo }: SaveTeamMember) => {
      const saved = await unwrap(
        id
          ? api.PUT('/api/team/{id}', { params: { path: { id } }, body: { ...member, updatedAt } })
          : api.POST('/api/team', { body: member }),
      );
      if (!photo) return saved;
      try {
        return await uploadPhoto(saved._id, photo);
      } catch (cause) {
        throw new PhotoUploadError(saved, cause);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['team'] }),
  });
}

/** DELETE /team/:id (with the photo). */
export function useDeleteTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/team/{id}', { params: { path: { id } } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['team'] }),
  });
}
