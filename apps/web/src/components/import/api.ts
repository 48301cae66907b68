import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZImportJob, ZImportUploadResponse, type TImportExportFilters, type TImportJob, type TImportKind } from '@hxk/contracts/imports';
import { api, ApiError } from '../../lib/api.ts';
import { currentLanguage, i18n } from '../../lib/i18n.ts';
import { buildUrl, type Query } from '../../lib/envelope.ts';
import { toastError } from '../../lib/toast.ts';

export type ImportKind = TImportKind;
export type ImportJob = TImportJob;
export type ExportFilters<K extends ImportKind> = TImportExportFilters[K];

/** Sends the chosen file: its check (the dry run) is queued. */
export const uploadImport = (kind: ImportKind, file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.upload(`/base/import/v1/${kind}/upload`, form, { schema: ZImportUploadResponse, failure: 'import' });
};

export function useUploadImport(kind: ImportKind) {
  return useMutation({ mutationFn: (file: File) => uploadImport(kind, file) });
}

/** Imports a cleanly checked file (all or nothing). */
export const runImport = (kind: ImportKind, checkJobId: string) => api.post(`/base/import/v1/${kind}/run`, { jobId: checkJobId }, { schema: ZImportUploadResponse });

export function useRunImport(kind: ImportKind) {
  return useMutation({ mutationFn: (checkJobId: string) => runImport(kind, checkJobId) });
}

export type JobQuery = { jobId: string; pageNum: number; pageSize: number };

export const getImportJob = (kind: ImportKind, q: JobQuery) => api.get(`/base/import/v1/${kind}/job`, q, { schema: ZImportJob });

export const importJobQueryOptions = (kind: ImportKind, q: JobQuery | null) =>
  queryOptions({
    queryKey: ['imports', kind, 'job', q],
    queryFn: () => getImportJob(kind, q!),
    enabled: Boolean(q),
    placeholderData: keepPreviousData,
    // Polled while it is queued or running, for the progress bar.
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'done' || query.state.data.status === 'failed') ? false : 500),
  });

export function useImportJob(kind: ImportKind, q: JobQuery | null) {
  return useQuery(importJobQueryOptions(kind, q));
}

/** Lists that change when an import of this kind lands. */
const LIST_KEYS: Record<ImportKind, string[][]> = {
  user: [['users']],
  course: [['schedule'], ['courses']],
  classroom: [['classrooms']],
};

export function useInvalidateAfterImport(kind: ImportKind) {
  const qc = useQueryClient();
  return () => Promise.all(LIST_KEYS[kind].map((queryKey) => qc.invalidateQueries({ queryKey })));
}

const fileNameOf = (disposition: string | null, fallback: string) => {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) return decodeURIComponent(star);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
};

/**
 * Downloads a file the API builds (template, export): the reply is the file, or the usual
 * envelope when it is refused (shown as a toast like any failure).
 */
export async function downloadFile(path: string, query: Query | undefined, fallbackName: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), { credentials: 'include', headers: { language: currentLanguage(), 'X-Requested-With': 'XMLHttpRequest' } });
  } catch {
    toastError(i18n.t('common:error.network'));
    throw new ApiError(i18n.t('common:error.network'), 0, 'network', 0);
  }
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('json')) {
    const env = (await res.json().catch(() => ({}))) as { msg?: string; errorKey?: string; code?: number };
    const msg = env.msg || i18n.t('common:error.unknown');
    toastError(msg);
    throw new ApiError(msg, env.code ?? 0, env.errorKey ?? 'common.unknown', res.status);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const templatePath = (kind: ImportKind) => `/base/import/v1/${kind}/template`;
export const exportPath = (kind: ImportKind) => `/base/export/v1/${kind}`;
