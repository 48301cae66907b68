/** Accounts for the demo and the tests: every seeded person shares one hash of the demo password. */
import { accounts } from '../schema/index.ts';
import type { Tx } from '../../platform/db.ts';
import { hashPassword } from '../../modules/auth/passwords.ts';

export const DEMO_PASSWORD = 'Demo@2026';

let cachedHash: Promise<string> | undefined;
const demoHash = () => (cachedHash ??= hashPassword(DEMO_PASSWORD));

export async function createAccount(
  tx: Tx,
  input: { account: string; name: string; phone?: string | null; password?: string; mustChangePassword?: boolean },
) {
  const passwordHash = input.password && input.password !== DEMO_PASSWORD ? await hashPassword(input.password) : await demoHash();
  const [row] = await tx
    .insert(accounts)
    .values({ account: input.account, name: input.name, phone: input.phone ?? null, passwordHash, mustChangePassword: input.mustChangePassword ?? false })
    .returning();
  return row!;
}

