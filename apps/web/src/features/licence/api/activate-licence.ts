import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZLicenceInfo, type TActivateLicenceRequest } from '@hxk/contracts/licence';
import { api } from '../../../lib/api.ts';
import { licenceQueryOptions } from './get-licence.ts';

/** Activates or extends the licence with a code the vendor signed; the form shows a refusal itself. */
export const activateLicence = (body: TActivateLicenceRequest) => api.post('/base/licence/v1/activate', body, { schema: ZLicenceInfo, silent: true });

export function useActivateLicence() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: activateLicence,
    onSuccess: (info) => qc.setQueryData(licenceQueryOptions().queryKey, info),
  });
}
