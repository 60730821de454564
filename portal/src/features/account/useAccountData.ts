import { accountApi } from '@diaspora/api-client';
import { useSession } from '@diaspora/session';
import { useMutation } from '@tanstack/react-query';

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

/** Deletes the caller's account (password confirmed), then signs them out. */
export function useDeleteAccount() {
  const { logout } = useSession();
  return useMutation({
    mutationFn: (password: string) => accountApi.deleteAccount(password),
    onSuccess: () => logout(),
  });
}
