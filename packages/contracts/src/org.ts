import { z } from 'zod';
import { ZId, ZIdInput } from './common.ts';
import { ZIdentity } from './auth.ts';

/** Kinds of organisation units; the school itself is the tree's one root. */
export const ORG_KINDS = ['school', 'college', 'department', 'office'] as const;
export const ZOrgKind = z.enum(ORG_KINDS);
export type TOrgKind = z.infer<typeof ZOrgKind>;
/** Kinds an administrator may add (the root exists once per school). */
export const ZOrgAddKind = z.enum(['college', 'department', 'office']);

export const ZOrgUnitName = z.string().trim().min(1, { message: 'validation.required' }).max(50, { message: 'validation.tooLong' });

/** GET /base/base/data/v1/college/dict: colleges and departments as a tree, for selectors. */
export type TCollegeDictNode = { id: string; name: string; kind: TOrgKind; children: TCollegeDictNode[] };
export const ZCollegeDictNode: z.ZodType<TCollegeDictNode> = z.lazy(() =>
  z.object({ id: ZId, name: z.string(), kind: ZOrgKind, children: z.array(ZCollegeDictNode) }),
);
export const ZCollegeDictResponse = z.array(ZCollegeDictNode);

/** One node of the organisation tree with its people: on the node itself and including descendants. */
export type TOrgTreeNode = {
  id: string;
  parentId: string | null;
  name: string;
  kind: TOrgKind;
  sort: number;
  ownCount: number;
  totalCount: number;
  children: TOrgTreeNode[];
};
export const ZOrgTreeNode: z.ZodType<TOrgTreeNode> = z.lazy(() =>
  z.object({
    id: ZId,
    parentId: ZId.nullable(),
    name: z.string(),
    kind: ZOrgKind,
    sort: z.number().int(),
    ownCount: z.number().int(),
    totalCount: z.number().int(),
    children: z.array(ZOrgTreeNode),
  }),
);
export const ZOrgTreeResponse = z.array(ZOrgTreeNode);

export const ZAddOrgUnitRequest = z.object({ parentId: ZIdInput, name: ZOrgUnitName, kind: ZOrgAddKind });
export const ZRenameOrgUnitRequest = z.object({ id: ZIdInput, name: ZOrgUnitName });
/** Moves a unit under `parentId`, at position `index` among its new siblings (last when omitted). */
export const ZMoveOrgUnitRequest = z.object({ id: ZIdInput, parentId: ZIdInput, index: z.number().int().min(0).max(100000).optional() });
export const ZOrgUnitIdRequest = z.object({ id: ZIdInput });
export const ZOrgUnit = z.object({ id: ZId, parentId: ZId.nullable(), name: z.string(), kind: ZOrgKind, sort: z.number().int() });
export type TOrgUnit = z.infer<typeof ZOrgUnit>;

export const ZOrgPeopleRequest = z.object({
  orgUnitId: ZIdInput,
  /** Also people of every unit below (for the school root: everyone in the school). */
  includeChildren: z.boolean().default(false),
  keyword: z.string().trim().max(64).optional(),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZOrgPerson = z.object({
  userId: ZId,
  name: z.string(),
  account: z.string(),
  /** Null too when the caller may not see it: only the person and user management do (platform/contacts.ts). */
  phone: z.string().nullable(),
  identity: ZIdentity,
  orgUnitId: ZId.nullable(),
  orgUnitName: z.string().nullable(),
});
export type TOrgPerson = z.infer<typeof ZOrgPerson>;
export const ZOrgPeoplePage = z.object({ list: z.array(ZOrgPerson), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });

/** Puts people into a unit (the school root: out of any unit). */
export const ZSetPeopleUnitRequest = z.object({
  orgUnitId: ZIdInput,
  userIds: z.array(ZId).min(1, { message: 'validation.selectOne' }).max(200),
});
