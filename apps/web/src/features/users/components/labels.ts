import type { TFunction } from 'i18next';
import { IDENTITY_NAMES, IDENTITY_VALUES, type TIdentity } from '@hxk/contracts/permissions';

export function identityLabel(t: TFunction, identity: number): string {
  const name = IDENTITY_NAMES[identity as TIdentity];
  return name ? t(`common:identity.${name}`) : String(identity);
}

/** A built-in role shows its identity's name in the interface language; a school's own role its name. */
export function roleLabel(t: TFunction, role: { name: string; builtin: number | null }): string {
  return role.builtin !== null && IDENTITY_NAMES[role.builtin as TIdentity] ? identityLabel(t, role.builtin) : role.name;
}

export const identityOptions = (t: TFunction, identities: readonly TIdentity[] = IDENTITY_VALUES) =>
  identities.map((v) => ({ value: v, label: identityLabel(t, v) }));

export const IDENTITY_COLORS: Record<TIdentity, string> = { 1: 'red', 2: 'purple', 3: 'blue', 4: 'cyan', 5: 'default' };
