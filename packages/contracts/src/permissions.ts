/**
 * Identities a school member can hold (the stored `Identity` value). 1 is the school administrator:
 * the only identity that may edit the product title (spec section 6).
 */
export const IDENTITY = {
  admin: 1,
  leader: 2,
  supervisor: 3,
  teacher: 4,
  student: 5,
} as const;
export type TIdentity = (typeof IDENTITY)[keyof typeof IDENTITY];
export const IDENTITY_VALUES = Object.values(IDENTITY) as TIdentity[];
export const IDENTITY_NAMES: Record<TIdentity, keyof typeof IDENTITY> = {
  1: 'admin',
  2: 'leader',
  3: 'supervisor',
  4: 'teacher',
  5: 'student',
};

/**
 * Access levels a route can declare besides a permission key:
 * - public: no session needed (login, school lookup by domain)
 * - account: a signed-in account, with or without a school (choose/bind school)
 * - member: a signed-in account acting in its active school
 */
export const ACCESS_LEVELS = ['public', 'account', 'member'] as const;
export type TAccessLevel = (typeof ACCESS_LEVELS)[number];

/**
 * What a route can require: an access level, or the key of a menu or button of the menu tree
 * (menus.ts), granted through roles. The server refuses to start with an unknown key.
 */
export type TRoutePermission = TAccessLevel | (string & {});
