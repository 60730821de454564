import { api, unwrap, type components } from '@diaspora/api-client';
import { useQuery } from '@tanstack/react-query';

export type SystemState = components['schemas']['SystemDto'];
export type Replica = components['schemas']['ReplicaDto'];

/** How often the open System view reads the state again: probes are cheap, a stuck outbox is not. */
export const SYSTEM_REFRESH_MS = 15_000;

/** GET /admin/system: the dependencies' probes, queue, outbox and the replica that answered. */
export function useSystemState() {
  return useQuery({
    queryKey: ['admin', 'system'],
    queryFn: () => unwrap(api.GET('/api/admin/system')),
    refetchInterval: SYSTEM_REFRESH_MS,
  });
}
