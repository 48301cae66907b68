import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TITLE_RECORD_ID } from '@hxk/contracts/constants';
import { ZTitleRecord } from '@hxk/contracts/settings';
import { api } from '../../../lib/api.ts';
import { titleQueryOptions } from './get-title.ts';

/** Renames the school's product title; the server checks school:title:edit. */
export const saveTitle = (name: string) =>
  api.post('/base/system/title/v1/saveOrUpdate', { id: Number(TITLE_RECORD_ID), name }, { schema: ZTitleRecord });

export function useSaveTitle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveTitle,
    onSuccess: (record) => qc.setQueryData(titleQueryOptions().queryKey, record),
    onError: () => qc.invalidateQueries({ queryKey: titleQueryOptions().queryKey }),
  });
}
