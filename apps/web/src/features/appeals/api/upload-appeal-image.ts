import type { z } from 'zod';
import { ZUploadResponse } from '@hxk/contracts/user';
import { api } from '../../../lib/api.ts';

export type TUploadedImage = z.infer<typeof ZUploadResponse>;

/**
 * One image of an appeal. Multipart: the text fields come before the file so the server sees them
 * with it; the context names the evaluation, since the server refuses a second file of the same
 * name from the same person in one context.
 */
export function uploadAppealImage(file: File, evaluationId: string, signal?: AbortSignal) {
  const form = new FormData();
  form.append('accept', 'image');
  form.append('context', `appeal:${evaluationId}`);
  form.append('file', file, file.name);
  return api.upload('/base/tool/file/v1/simple/upload', form, { schema: ZUploadResponse, ...(signal ? { signal } : {}) });
}
