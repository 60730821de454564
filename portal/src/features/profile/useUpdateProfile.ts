import { usersApi, type UpdateProfileRequest } from '@diaspora/api-client';
import { useSession } from '@diaspora/session';
import { useMutation } from '@tanstack/react-query';

/** Saves the profile; the stored user is replaced with the server's answer. */
export function useUpdateProfile() {
  const { replaceUser } = useSession();
  return useMutation({
    mutationFn: (request: UpdateProfileRequest) => usersApi.updateProfile(request),
    onSuccess: replaceUser,
  });
}
