import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZLicenceInfo, type TLicenceInfo } from '@hxk/contracts/licence';
import { api } from '../../../lib/api.ts';

export type LicenceInfo = TLicenceInfo;

/** The licence in force (anyone may ask; a signed-in caller also gets what is in use). */
export const getLicence = () => api.get('/base/licence/v1/info', undefined, { schema: ZLicenceInfo });

export const licenceQueryOptions = () => queryOptions({ queryKey: ['licence'], queryFn: getLicence });

export function useLicence() {
  return useQuery(licenceQueryOptions());
}
