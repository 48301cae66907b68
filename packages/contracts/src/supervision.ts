import { z } from 'zod';
import { ZId, zPage } from './common.ts';

/** Whom a supervision group supervises: the whole school, some departments (org units) or some teachers. */
export const ZSupervisionScope = z.enum(['school', 'departments', 'teachers']);
export type TSupervisionScope = z.infer<typeof ZSupervisionScope>;

export const ZPersonRef = z.object({ userId: ZId, name: z.string(), account: z.string() });
export type TPersonRef = z.infer<typeof ZPersonRef>;
export const ZUnitRef = z.object({ orgUnitId: ZId, name: z.string() });
export type TUnitRef = z.infer<typeof ZUnitRef>;

export const ZSupervisionGroup = z.object({
  groupId: ZId,
  name: z.string(),
  leader: ZPersonRef.nullable(),
  members: z.array(ZPersonRef),
  scope: ZSupervisionScope,
  units: z.array(ZUnitRef),
  teachers: z.array(ZPersonRef),
  realtimePatrol: z.boolean(),
  description: z.string().nullable(),
  createdAt: z.string(),
});
export type TSupervisionGroup = z.infer<typeof ZSupervisionGroup>;
export const ZSupervisionGroupPage = zPage(ZSupervisionGroup);

export const ZSupervisionGroupListRequest = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyword: z.string().trim().max(64).optional(),
});
export const ZSupervisionGroupQuery = z.object({ groupId: ZId });

const ids = (max: number) => z.array(ZId).max(max, { message: 'validation.tooLong' });
export const ZSaveSupervisionGroupRequest = z
  .object({
    groupId: ZId.optional(),
    name: z.string().trim().min(1, { message: 'validation.required' }).max(64, { message: 'validation.tooLong' }),
    leaderId: ZId,
    memberIds: ids(500).min(1, { message: 'validation.selectOne' }),
    scope: ZSupervisionScope,
    orgUnitIds: ids(500).default([]),
    teacherIds: ids(2000).default([]),
    realtimePatrol: z.boolean().default(false),
    description: z.string().trim().max(500, { message: 'validation.tooLong' }).optional().or(z.literal('')),
  })
  .superRefine((v, ctx) => {
    if (v.scope === 'departments' && !v.orgUnitIds.length) ctx.addIssue({ code: 'custom', path: ['orgUnitIds'], message: 'validation.selectOne' });
    if (v.scope === 'teachers' && !v.teacherIds.length) ctx.addIssue({ code: 'custom', path: ['teacherIds'], message: 'validation.selectOne' });
  });
export type TSaveSupervisionGroupRequest = z.input<typeof ZSaveSupervisionGroupRequest>;
export const ZSaveSupervisionGroupResponse = ZSupervisionGroup;
export const ZDeleteSupervisionGroupsRequest = z.object({ ids: z.array(ZId).min(1, { message: 'validation.selectOne' }).max(100) });

export const ZSupervisionGroupOption = z.object({ groupId: ZId, name: z.string() });

/** GET supervisionGroupByUserId: the groups a person belongs to and their role in each. */
export const ZSupervisionGroupByUserQuery = z.object({ userId: ZId });
export const ZUserSupervisionGroup = z.object({ groupId: ZId, name: z.string(), role: z.enum(['leader', 'member']), realtimePatrol: z.boolean() });
export type TUserSupervisionGroup = z.infer<typeof ZUserSupervisionGroup>;

/** People of the school for pickers (leader, members, teachers). */
export const ZPeopleLookupRequest = z.object({
  keyword: z.string().trim().max(64).optional(),
  /** Only people of this identity (4 = teachers). */
  identity: z.coerce.number().int().min(1).max(5).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const ZPeopleLookupResponse = z.array(ZPersonRef.extend({ identity: z.number().int() }));
