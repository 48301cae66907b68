import { z } from 'zod';
import { ZId, zPage } from './common.ts';
import { ZIdentity } from './auth.ts';

export const ZDomainQuery = z.object({ domainName: z.string().trim().min(1).max(255) });
export const ZSchoolByCodeQuery = z.object({ code: z.string().trim().min(1).max(32) });
export const ZSchoolInfo = z.object({ schoolId: ZId, name: z.string(), code: z.string() });

export const ZApplyBindQuery = z.object({ schoolId: ZId.optional(), code: z.string().trim().max(32).optional(), userId: ZId.optional(), identity: ZIdentity.optional() });

/**
 * invited: the school's sync or import found an account that is not wholly the school's; the person
 * becomes a member only by accepting (not a member for any purpose until then).
 */
export const ZMembershipStatus = z.enum(['pending', 'approved', 'rejected', 'disabled', 'invited']);
export const ZMySchool = z.object({
  schoolId: ZId,
  name: z.string(),
  code: z.string(),
  identity: ZIdentity,
  status: ZMembershipStatus,
  current: z.boolean(),
});
export const ZMySchoolsQuery = z.object({ userId: ZId.optional(), domainName: z.string().max(255).optional() });
export const ZMySchoolsResponse = z.array(ZMySchool);

export const ZSwitchSchoolRequest = z.object({ schoolId: ZId });

export const ZMembershipListQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: ZMembershipStatus.optional(),
  keyword: z.string().trim().max(64).optional(),
});
export const ZMembershipItem = z.object({
  id: ZId,
  userId: ZId,
  name: z.string(),
  account: z.string(),
  /** Null too when the caller may not see it: only the person and user management do (platform/contacts.ts). */
  phone: z.string().nullable(),
  identity: ZIdentity,
  status: ZMembershipStatus,
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewNote: z.string().nullable(),
});
export const ZMembershipPage = zPage(ZMembershipItem);
export const ZReviewMembershipRequest = z.object({
  id: ZId,
  approve: z.boolean(),
  note: z.string().trim().max(200).optional(),
});

/** A school's invitation to the signed-in person (from its user sync or people import). */
export const ZSchoolInvitation = z.object({
  schoolId: ZId,
  name: z.string(),
  code: z.string(),
  identity: ZIdentity,
  invitedAt: z.string(),
});
export const ZSchoolInvitationList = z.array(ZSchoolInvitation);
export const ZAnswerSchoolInvitationRequest = z.object({ schoolId: ZId });
