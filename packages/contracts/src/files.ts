import { z } from 'zod';
import { ZId } from './common.ts';

/**
 * Upload (POST /base/tool/file/v1/simple/upload, multipart): text fields first, then the part
 * named "file". `accept` narrows the allowed kinds; `context` ("appeal:123") makes a name unique
 * for its uploader; `purpose`=avatar sets the caller's avatar instead of storing a school file.
 */
export const FILE_ACCEPTS = ['any', 'image', 'lessonPlan', 'excel', 'video'] as const;
export const ZFileAccept = z.enum(FILE_ACCEPTS);
export type TFileAccept = z.infer<typeof ZFileAccept>;
/** "<kind>:<id>" such as "appeal:123" or "lessonPlan:2026-1", or a bare word such as "import". */
export const ZFileContext = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,31}(:[A-Za-z0-9_.-]{1,64})?$/);
export const ZFileUploadFields = z.object({
  purpose: z.enum(['file', 'avatar']).default('file'),
  accept: ZFileAccept.default('any'),
  context: ZFileContext.optional(),
});
export type TFileUploadFields = z.infer<typeof ZFileUploadFields>;

export const ZFileQuery = z.object({ fileId: ZId });
export const ZFileDownloadQuery = z.object({ fileId: ZId, disposition: z.enum(['attachment', 'inline']).default('attachment') });
export const ZFileInfo = z.object({
  fileId: ZId,
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  url: z.string(),
  ownerId: ZId,
  context: z.string().nullable(),
  createdAt: z.string(),
});
export type TFileInfo = z.infer<typeof ZFileInfo>;
