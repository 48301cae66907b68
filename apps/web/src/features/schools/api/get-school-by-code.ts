import { ZSchoolInfo } from '@hxk/contracts/school';
import { api } from '../../../lib/api.ts';

/** A wrong code answers "incorrect school code" (shown by the API client's toast). */
export const getSchoolByCode = (code: string) =>
  api.get('/base/system/tenant/school/hero/get/school/info/by/code', { code }, { schema: ZSchoolInfo });
