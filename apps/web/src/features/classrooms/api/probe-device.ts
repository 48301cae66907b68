import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZProbeResponse } from '@hxk/contracts/classrooms';
import { api } from '../../../lib/api.ts';

/** Asks a recorder or camera over ONVIF whether it answers; its status and last seen are updated. */
export const probeDevice = (input: { kind: 'recorder' | 'camera'; id: string }) => api.post('/base/device/v1/probe', input, { schema: ZProbeResponse });

export function useProbeDevice() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: probeDevice, onSuccess: () => qc.invalidateQueries({ queryKey: ['classrooms'] }) });
}
