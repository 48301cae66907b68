import type { AuthState } from './context.ts';

/** The menu whose holders manage people, and so may reach them, in their school. */
export const CONTACTS_MENU = 'userManagement';

type Reader = Pick<AuthState, 'accountId' | 'permissions'>;

/**
 * Contact details (phone, e-mail) belong to the person (issue 12, finding 6): they go only to the
 * person and to holders of user management in a school the person belongs to. Every reply that lists
 * people reads them through the caller's active school (RLS), so a person listed there belongs to it;
 * everyone else gets name, avatar and unit.
 */
export function mayReadContacts(reader: Reader, personId: string): boolean {
  return reader.accountId === personId || reader.permissions.includes(CONTACTS_MENU);
}

/** Whether a people search may match phone numbers (else it would tell whose number a digit string is). */
export function maySearchContacts(reader: Reader): boolean {
  return reader.permissions.includes(CONTACTS_MENU);
}

/** The rows with `phone` (and `email`, when present) emptied where the reader may not see them. */
export function withContactsFor<T extends { userId: string; phone: string | null; email?: string | null }>(reader: Reader, rows: T[]): T[] {
  return rows.map((r) => (mayReadContacts(reader, r.userId) ? r : { ...r, phone: null, ...('email' in r ? { email: null } : {}) }));
}
