import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUploadResponse } from '@hxk/contracts/user';
import { api } from '../../../lib/api.ts';
import { userInfoQueryOptions } from './get-user-info.ts';

/** Multipart: the `purpose` field must come before the file so the server sees it with the file. */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('purpose', 'avatar');
  form.append('file', file, file.name);
  return api.upload('/base/tool/file/v1/simple/upload', form, { schema: ZUploadResponse });
}

export function useUploadAvatar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => qc.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey }),
  });
}
