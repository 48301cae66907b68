import { z } from 'zod';
import { ZId, ZIdInput } from './common.ts';
import { TITLE_RECORD_ID } from './constants.ts';

export const ZTitleRecord = z.object({ id: z.string(), name: z.string() });
export const ZSaveTitleRequest = z.object({
  id: z.union([z.literal(TITLE_RECORD_ID), z.literal(Number(TITLE_RECORD_ID)).transform(String)]).default(TITLE_RECORD_ID),
  name: z.string().trim().min(1, { message: 'validation.required' }).max(50, { message: 'validation.tooLong' }),
});

export const ZApplicationEntry = z.object({
  id: ZId,
  name: z.string(),
  icon: z.string().nullable(),
  webPath: z.string(),
  parentId: z.string().nullable(),
  category: z.string(),
  sort: z.number().int(),
});
export type TApplicationEntry = z.infer<typeof ZApplicationEntry>;
export const ZApplicationGroup = z.object({ name: z.string(), applicationRes: z.array(ZApplicationEntry) });
export const ZApplicationsRequest = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(100),
  queryName: z.string().trim().max(64).optional(),
});
export const ZApplicationsResponse = z.object({
  list: z.array(ZApplicationGroup),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
const WEB_PATH = /^(https?:\/\/[^\s]+|\/[^\s]*)$/;
export const ZSaveApplicationRequest = z.object({
  id: ZId.optional(),
  category: z.string().trim().min(1, { message: 'validation.required' }).max(32, { message: 'validation.tooLong' }),
  name: z.string().trim().min(1, { message: 'validation.required' }).max(32, { message: 'validation.tooLong' }),
  icon: z.string().trim().max(500).nullish(),
  webPath: z.string().trim().regex(WEB_PATH, { message: 'validation.webPath' }).max(500),
  parentId: z.string().trim().regex(/^\d{1,19}$/, { message: 'validation.id' }).nullish(),
  sort: z.number().int().min(0).max(9999).default(0),
});
export const ZApplicationQuery = z.object({ id: ZIdInput });
