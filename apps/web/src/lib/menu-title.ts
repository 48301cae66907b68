import type { TFunction } from 'i18next';

/**
 * The title of a menu-tree node (`menu.<key>` in common). Button keys hold colons (role:add), which
 * i18next would read as a namespace, hence no namespace separator.
 */
export function menuTitle(t: TFunction, key: string): string {
  return t(`menu.${key}`, { ns: 'common', nsSeparator: false });
}
