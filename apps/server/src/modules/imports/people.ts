/**
 * People: account, name, phone, sex, identity, department. An account already in this school is
 * updated (its name, phone and sex only while it is wholly this school's: account-ownership.ts, as in
 * member editing); a new account is created with the default reset password, to be changed at first
 * sign-in, and joins the school with the built-in role of its identity. Any other existing account is
 * never adopted or changed: it is invited, and joins when the person accepts. Accounts are global, so
 * this kind runs on the 'jobs' platform path and switches to the school before writing the school's
 * rows, all in the job's one transaction.
 */
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { IDENTITY_VALUES, IMPORT_IDENTITY_WORDS, IMPORT_SEX_WORDS, type TIdentity } from '@hxk/contracts';
import { accounts, roles, schoolMemberships, userRoles } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { asSchool, containsPattern, readInSchool } from '../../platform/tenancy.ts';
import { accountMemberships, schoolOwnsAccount } from '../members/account-ownership.ts';
import { chunks, unitPaths, type KindImpl } from './kind.ts';
import { ACCOUNT_RE, PHONE_RE, RowErrors, parseIdentity, parseSex, requiredText } from './rules.ts';

type Sex = 'male' | 'female' | 'unknown';
type PersonPlan = {
  row: number;
  account: string;
  name: string;
  phone: string | null;
  sex: Sex;
  identity: TIdentity;
  orgUnitId: string | null;
  /** Set for a person already in the school. */
  existing: { accountId: string; identity: number; profileChanged: boolean; editable: boolean } | null;
  /** Set for an existing account not in the school: invited, nothing of the account changes. */
  invite: { accountId: string } | null;
};

export const people: KindImpl<PersonPlan[]> = {
  mode: 'platform',

  async prepare(tx, input) {
    const { schoolId, rows } = input;
    const errors = new RowErrors();
    const accountNames = [...new Set(rows.map((r) => (r.cells.account ?? '').toLowerCase()).filter(Boolean))];
    const phones = [...new Set(rows.map((r) => r.cells.phone ?? '').filter(Boolean))];
    // Accounts are global, and so is whether each one is wholly this school's: read on the platform path.
    const hits: { id: string; account: string; name: string; phone: string | null; sex: Sex }[] = [];
    for (const part of chunks(accountNames, 1000)) {
      hits.push(...await tx
        .select({ id: accounts.id, account: accounts.account, name: accounts.name, phone: accounts.phone, sex: accounts.sex })
        .from(accounts)
        .where(inArray(sql`lower(${accounts.account})`, part)));
    }
    const ms = await accountMemberships(tx, hits.map((h) => h.id));
    // The school's own rows (its units, its memberships of these people) under its row-level security.
    const { units, here } = await readInSchool(tx, schoolId, async (stx) => {
      const mine = new Map<string, { identity: number; status: string }>();
      for (const part of chunks(hits.map((h) => h.id), 1000)) {
        const rowsHere = await stx
          .select({ accountId: schoolMemberships.accountId, identity: schoolMemberships.identity, status: schoolMemberships.status })
          .from(schoolMemberships)
          .where(inArray(schoolMemberships.accountId, part));
        for (const r of rowsHere) mine.set(r.accountId, { identity: r.identity, status: r.status });
      }
      return { units: await unitPaths(stx), here: mine };
    });
    const found = new Map<string, { id: string; name: string; phone: string | null; sex: Sex; member: { identity: number; status: string } | null; hereStatus: string | null; owned: boolean }>();
    for (const h of hits) {
      const m = here.get(h.id);
      const member = m && (m.status === 'approved' || m.status === 'disabled') ? m : null;
      found.set(h.account.toLowerCase(), { id: h.id, name: h.name, phone: h.phone, sex: h.sex, member, hereStatus: m?.status ?? null, owned: schoolOwnsAccount(ms.get(h.id) ?? [], schoolId) });
    }
    const phoneOwner = new Map<string, string>();
    for (const part of chunks(phones, 1000)) {
      for (const h of await tx.select({ id: accounts.id, phone: accounts.phone }).from(accounts).where(inArray(accounts.phone, part))) phoneOwner.set(h.phone!, h.id);
    }

    const plan: PersonPlan[] = [];
    const seenAccount = new Map<string, number>();
    const seenPhone = new Map<string, number>();
    let created = 0;
    let updated = 0;
    let invited = 0;
    for (const { row, cells } of rows) {
      const account = requiredText(errors, row, 'account', cells.account ?? '', 32);
      if (account && !ACCOUNT_RE.test(account)) errors.add(row, 'account', 'account');
      const name = requiredText(errors, row, 'name', cells.name ?? '', 32);
      const phone = cells.phone || null;
      if (phone && !PHONE_RE.test(phone)) errors.add(row, 'phone', 'phone');
      const sex = parseSex(cells.sex ?? '');
      if (!sex) errors.add(row, 'sex', 'oneOf', { values: Object.values(IMPORT_SEX_WORDS).map((w) => w.zh + '/' + w.en).join(', ') });
      const identityText = cells.identity ?? '';
      const identity = identityText ? parseIdentity(identityText) : null;
      if (!identityText) errors.add(row, 'identity', 'required');
      else if (!identity || !IDENTITY_VALUES.includes(identity)) errors.add(row, 'identity', 'oneOf', { values: Object.values(IMPORT_IDENTITY_WORDS).map((w) => w.zh + '/' + w.en).join(', ') });
      const deptText = cells.department ?? '';
      const orgUnitId = deptText ? units.find(deptText) : null;
      if (deptText && !orgUnitId) errors.add(row, 'department', 'departmentNotFound', { value: deptText });

      const key = account?.toLowerCase();
      if (key) {
        const first = seenAccount.get(key);
        if (first !== undefined) errors.add(row, 'account', 'duplicateInFile', { row: first });
        else seenAccount.set(key, row);
      }
      if (phone) {
        const first = seenPhone.get(phone);
        if (first !== undefined) errors.add(row, 'phone', 'duplicateInFile', { row: first });
        else seenPhone.set(phone, row);
      }
      const hit = key ? found.get(key) : undefined;
      // Someone else's account (in no school, in other schools, or refused here before): the row
      // invites them; their name, phone and sex are theirs, so those cells are not checked.
      const invite = hit && !hit.member && hit.hereStatus !== 'pending' ? { accountId: hit.id } : null;
      if (hit?.hereStatus === 'pending') errors.add(row, 'account', 'applicationPending');
      if (!invite && phone && phoneOwner.has(phone) && phoneOwner.get(phone) !== hit?.id) errors.add(row, 'phone', 'phoneTaken');
      if (identity === 1 && !input.canAddAdmin && hit?.member?.identity !== 1) errors.add(row, 'identity', 'adminNotAllowed');
      let existing: PersonPlan['existing'] = null;
      if (hit?.member && name && sex) {
        const profileChanged = hit.name !== name || (hit.phone ?? null) !== phone || hit.sex !== sex;
        if (profileChanged && !hit.owned) errors.add(row, '', 'profileShared');
        existing = { accountId: hit.id, identity: hit.member.identity, profileChanged, editable: hit.owned };
      }
      if (errors.has(row) || !account || !name || !sex || !identity) continue;
      plan.push({ row, account, name, phone, sex, identity, orgUnitId, existing, invite });
      if (existing) updated++;
      else if (invite) invited++;
      else created++;
    }
    return { errors, plan, counts: { created, updated, invited } };
  },

  async apply(tx, input, plan, progress) {
    const { schoolId, now, actorId } = input;
    const fresh = plan.filter((p) => !p.existing && !p.invite);
    const ids = new Map<number, string>();
    let done = 0;
    if (fresh.length) {
      const passwordHash = await input.defaultPasswordHash();
      for (const part of chunks(fresh, 500)) {
        const out = await tx
          .insert(accounts)
          .values(part.map((p) => ({ account: p.account, name: p.name, phone: p.phone, sex: p.sex, passwordHash, mustChangePassword: true, createdAt: now, updatedAt: now })))
          .returning({ id: accounts.id, account: accounts.account });
        const byAccount = new Map(out.map((o) => [o.account, o.id]));
        for (const p of part) ids.set(p.row, byAccount.get(p.account)!);
        done += part.length;
        await progress(Math.floor(done / 2));
      }
    }
    for (const p of plan) {
      if (p.existing?.profileChanged && p.existing.editable) {
        await tx.update(accounts).set({ name: p.name, phone: p.phone, sex: p.sex, updatedAt: now }).where(eq(accounts.id, p.existing.accountId));
      }
    }
    // From here on the school's own rows: row-level security of the job's school.
    await asSchool(tx, schoolId);
    const builtin = new Map((await tx.select({ id: roles.id, builtin: roles.builtin }).from(roles).where(sql`${roles.builtin} is not null`)).map((r) => [r.builtin!, r.id]));
    for (const part of chunks(fresh, 500)) {
      await tx.insert(schoolMemberships).values(part.map((p) => ({ schoolId, accountId: ids.get(p.row)!, identity: p.identity, status: 'approved' as const, orgUnitId: p.orgUnitId, reviewedAt: now, reviewedBy: actorId, createdAt: now })));
      const grants = part.flatMap((p) => (builtin.get(p.identity) ? [{ schoolId, accountId: ids.get(p.row)!, roleId: builtin.get(p.identity)! }] : []));
      if (grants.length) await tx.insert(userRoles).values(grants).onConflictDoNothing();
    }
    done = Math.max(done, fresh.length);
    for (const p of plan) {
      if (!p.invite) continue;
      // No roles until the person accepts (schools.service answerInvitation).
      await tx
        .insert(schoolMemberships)
        .values({ schoolId, accountId: p.invite.accountId, identity: p.identity, status: 'invited', orgUnitId: p.orgUnitId, reviewedBy: actorId, createdAt: now })
        .onConflictDoUpdate({
          target: [schoolMemberships.schoolId, schoolMemberships.accountId],
          set: {
            identity: p.identity, orgUnitId: p.orgUnitId, status: 'invited', reviewedAt: null, reviewedBy: actorId, reviewNote: null,
            createdAt: sql`case when ${schoolMemberships.status} = 'rejected' then ${now.toISOString()}::timestamptz else ${schoolMemberships.createdAt} end`,
          },
          setWhere: sql`${schoolMemberships.status} in ('rejected', 'invited')`,
        });
    }
    for (const p of plan.filter((x) => x.existing)) {
      const ex = p.existing!;
      await tx.update(schoolMemberships).set({ identity: p.identity, orgUnitId: p.orgUnitId }).where(eq(schoolMemberships.accountId, ex.accountId));
      if (ex.identity !== p.identity) {
        // A new identity brings its built-in role, as when an administrator changes it on the form.
        await tx.delete(userRoles).where(eq(userRoles.accountId, ex.accountId));
        const roleId = builtin.get(p.identity);
        if (roleId) await tx.insert(userRoles).values({ schoolId, accountId: ex.accountId, roleId });
      }
    }
    // As on the member form: the school keeps at least one administrator.
    const adminRole = builtin.get(1);
    if (adminRole && plan.some((p) => p.existing && p.existing.identity !== p.identity)) {
      const [left] = await tx.select({ n: sql<number>`count(*)::int` }).from(userRoles).where(eq(userRoles.roleId, adminRole));
      if (Number(left?.n ?? 0) === 0) throw new AppError('role.lastAdmin');
    }
    await progress(plan.length);
  },

  async exportRows(tx, schoolId, filters, lang) {
    const f = filters as { keyword?: string; roleId?: string; identity?: number; status?: 'approved' | 'disabled' };
    const where: SQL[] = [f.status ? eq(schoolMemberships.status, f.status) : inArray(schoolMemberships.status, ['approved', 'disabled'])];
    if (f.keyword) where.push(or(ilike(accounts.name, containsPattern(f.keyword)), ilike(accounts.account, containsPattern(f.keyword)), ilike(accounts.phone, containsPattern(f.keyword)))!);
    if (f.identity) where.push(eq(schoolMemberships.identity, f.identity));
    if (f.roleId) where.push(sql`exists (select 1 from ${userRoles} where ${userRoles.accountId} = ${schoolMemberships.accountId} and ${userRoles.roleId} = ${f.roleId})`);
    const units = await unitPaths(tx);
    const rows = await tx
      .select({ account: accounts.account, name: accounts.name, phone: accounts.phone, sex: accounts.sex, identity: schoolMemberships.identity, orgUnitId: schoolMemberships.orgUnitId })
      .from(schoolMemberships)
      .innerJoin(accounts, eq(accounts.id, schoolMemberships.accountId))
      .where(and(...where))
      .orderBy(desc(schoolMemberships.createdAt), desc(schoolMemberships.id));
    return rows.map((r) => [
      r.account,
      r.name,
      r.phone,
      IMPORT_SEX_WORDS[r.sex][lang],
      IMPORT_IDENTITY_WORDS[r.identity as TIdentity]?.[lang] ?? String(r.identity),
      r.orgUnitId ? units.pathOf.get(r.orgUnitId) ?? null : null,
    ]);
  },
};
