import { accountApi } from '@diaspora/api-client';
import { useSession } from '@diaspora/session';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { forgetMemberCopies } from '@diaspora/ui/src/offline/forgetMemberCopies';

/** Downloads the caller's data file (a JSON file saved through a temporary link). */
export function useExportData() {
  return useMutation({
    mutationFn: async () => {
      const file = await accountApi.exportData();
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = `my-data-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    },
  });
}

/**
 * Deletes the caller's account (password confirmed), then signs them out on the home page. Without
 * a password (no argument) the API emails the link that deletes it: 'link-sent', nothing ends yet.
 */
export function useDeleteAccount() {
  const { logout } = useSession();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (password?: string): Promise<'deleted' | 'link-sent'> => {
      if (password === undefined) {
        await accountApi.deleteAccount();
        return 'link-sent';
      }
      await accountApi.deleteAccount(password);
      return 'deleted';
    },
    onSuccess: (outcome) => {
      if (outcome === 'link-sent') return;
      // Leave the members-only page first, or its guard would send a signed-out visitor to sign in.
      navigate('/', { replace: true });
      logout();
      forgetMemberCopies();
    },
  });
}
