import { api, unwrap } from '@diaspora/api-client';
import { useMutation } from '@tanstack/react-query';
import type { ContactRequest } from './contactRules';

/** POST /contact: the answer carries emailSent, emailConfigured and emailError. */
export function useSendContact() {
  return useMutation({
    mutationFn: (body: ContactRequest) => unwrap(api.POST('/api/contact', { body })),
  });
}
