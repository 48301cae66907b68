import { AI_RETENTION_DAYS_DEFAULT, formatHm, parseHm, TITLE_RECORD_ID, UPLOAD_SETTINGS_DEFAULTS, type TApplicationEntry, type TGlobalSettings, type TSaveGlobalSettingsRequest } from '@hxk/contracts';
import type { MemberCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { hashPassword } from '../auth/passwords.ts';
import * as repo from './settings.repo.ts';

/** The school's product title: its own setting, else the school's name. */
export async function getTitle(ctx: MemberCtx) {
  return inSchool(ctx, async (tx) => {
    const title = await repo.settingsTitle(tx);
    const schoolName = title ? undefined : await repo.schoolName(tx, ctx.auth.schoolId);
    return { id: TITLE_RECORD_ID, name: title ?? schoolName ?? '' };
  });
}

export async function saveTitle(ctx: MemberCtx, name: string) {
  return inSchool(ctx, async (tx) => {
    await repo.saveTitle(tx, ctx.auth.schoolId, name, ctx.deps.now());
    return { id: TITLE_RECORD_ID, name };
  });
}

const entry = (r: repo.ApplicationRow): TApplicationEntry => ({
  id: r.id, name: r.name, icon: r.icon, webPath: r.webPath, parentId: r.parentId, category: r.category, sort: r.sort,
});

/** Entries paged and searched by name, grouped by category as the application dialog shows them. */
export async function listApplications(ctx: MemberCtx, q: { pageNum: number; pageSize: number; queryName?: string | undefined }) {
  return inSchool(ctx, async (tx) => {
    const { rows, total } = await repo.applicationPage(tx, q);
    const groups = new Map<string, TApplicationEntry[]>();
    for (const r of rows) groups.set(r.category, [...(groups.get(r.category) ?? []), entry(r)]);
    return {
      list: [...groups].map(([name, applicationRes]) => ({ name, applicationRes })),
      total,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    };
  });
}

export async function getApplication(ctx: MemberCtx, id: string) {
  const row = await inSchool(ctx, (tx) => repo.applicationById(tx, id));
  if (!row) throw new AppError('common.notFound');
  return entry(row);
}

export async function saveApplication(
  ctx: MemberCtx,
  input: { id?: string | undefined; category: string; name: string; icon?: string | null | undefined; webPath: string; parentId?: string | null | undefined; sort: number },
) {
  const values = { category: input.category, name: input.name, icon: input.icon ?? null, webPath: input.webPath, parentId: input.parentId ?? null, sort: input.sort };
  const row = await inSchool(ctx, (tx) => (input.id ? repo.updateApplication(tx, input.id, values) : repo.insertApplication(tx, ctx.auth.schoolId, values)));
  if (!row) throw new AppError('common.notFound');
  return entry(row);
}

export async function deleteApplication(ctx: MemberCtx, id: string) {
  const deleted = await inSchool(ctx, (tx) => repo.deleteApplication(tx, id));
  if (!deleted) throw new AppError('common.notFound');
}

// ---------------------------------------------------------------- global settings

const clockOrNull = (m: number | null) => (m === null ? null : formatHm(m));
const minutesOrNull = (c: string | null) => (c === null ? null : parseHm(c));

/** The school's global settings; the default reset password shows only as whether it is set. */
export async function getGlobalSettings(ctx: MemberCtx): Promise<TGlobalSettings> {
  const { row, used } = await inSchool(ctx, async (tx) => {
    const r = await repo.settingsRow(tx);
    const u = await repo.storageUsedBytes(tx);
    return { row: r, used: u };
  });
  // No row yet: the column defaults of school_settings.
  const s = row ?? { defaultResetPassword: null, lessonPlanUploadStart: null, lessonPlanUploadEnd: null, lessonPlanModifyStart: null, lessonPlanModifyEnd: null,
    lessonPlanRetention: 'forever' as const, planTeacherCanView: true, planAnonymous: false, recordingRetentionDays: 180, aiRetentionDays: AI_RETENTION_DAYS_DEFAULT, waitingMinutes: 10,
    uploadFilesPerMinute: UPLOAD_SETTINGS_DEFAULTS.filesPerMinute, uploadMbPerHour: UPLOAD_SETTINGS_DEFAULTS.mbPerHour, storageQuotaMb: UPLOAD_SETTINGS_DEFAULTS.storageQuotaMb };
  return {
    defaultResetPasswordSet: s.defaultResetPassword !== null,
    lessonPlanUpload: { start: clockOrNull(s.lessonPlanUploadStart), end: clockOrNull(s.lessonPlanUploadEnd) },
    lessonPlanModify: { start: clockOrNull(s.lessonPlanModifyStart), end: clockOrNull(s.lessonPlanModifyEnd) },
    lessonPlanRetention: s.lessonPlanRetention,
    planTeacherCanView: s.planTeacherCanView,
    planAnonymous: s.planAnonymous,
    recordingRetentionDays: s.recordingRetentionDays,
    aiRetentionDays: s.aiRetentionDays,
    waitingMinutes: s.waitingMinutes,
    uploadFilesPerMinute: s.uploadFilesPerMinute,
    uploadMbPerHour: s.uploadMbPerHour,
    storageQuotaMb: s.storageQuotaMb,
    storageUsedBytes: used,
  };
}

/**
 * Saves the global settings. The default reset password is kept only as its argon2id hash (the
 * column holds the hash): a reset copies it, and nobody can read the password back.
 */
export async function saveGlobalSettings(ctx: MemberCtx, input: TSaveGlobalSettingsRequest) {
  const values = {
    lessonPlanUploadStart: minutesOrNull(input.lessonPlanUpload.start),
    lessonPlanUploadEnd: minutesOrNull(input.lessonPlanUpload.end),
    lessonPlanModifyStart: minutesOrNull(input.lessonPlanModify.start),
    lessonPlanModifyEnd: minutesOrNull(input.lessonPlanModify.end),
    lessonPlanRetention: input.lessonPlanRetention,
    planTeacherCanView: input.planTeacherCanView,
    planAnonymous: input.planAnonymous,
    recordingRetentionDays: input.recordingRetentionDays,
    ...(input.aiRetentionDays === undefined ? {} : { aiRetentionDays: input.aiRetentionDays }),
    waitingMinutes: input.waitingMinutes,
    ...(input.uploadFilesPerMinute === undefined ? {} : { uploadFilesPerMinute: input.uploadFilesPerMinute }),
    ...(input.uploadMbPerHour === undefined ? {} : { uploadMbPerHour: input.uploadMbPerHour }),
    ...(input.storageQuotaMb === undefined ? {} : { storageQuotaMb: input.storageQuotaMb }),
    ...(input.defaultResetPassword === undefined ? {} : { defaultResetPassword: input.defaultResetPassword === null ? null : await hashPassword(input.defaultResetPassword) }),
    updatedAt: ctx.deps.now(),
  };
  await inSchool(ctx, (tx) => repo.saveGlobalSettings(tx, ctx.auth.schoolId, values));
  return getGlobalSettings(ctx);
}

/**
 * The password hash an administrator's reset (or a new person) gets: the school's own default reset
 * password when it set one, else the deployment's DEFAULT_RESET_PASSWORD.
 */
export async function resetPasswordHash(ctx: MemberCtx): Promise<string> {
  const hash = await inSchool(ctx, repo.defaultResetPasswordHash);
  return hash ?? hashPassword(ctx.deps.config.defaultResetPassword);
}
