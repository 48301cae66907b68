import type { TFunction } from 'i18next';
import { IDENTITY_NAMES, type TIdentity } from '@hxk/contracts/permissions';

/** A built-in role shows its identity's name in the interface language; a school's own role its name. */
export function roleName(t: TFunction, role: { name: string; builtin: number | null }): string {
  const identity = role.builtin !== null ? IDENTITY_NAMES[role.builtin as TIdentity] : undefined;
  return identity ? t(`common:identity.${identity}`) : role.name;
}
