/**
 * People: account, name, phone, sex, identity, department. An account already in this school is
 * updated (its name, phone and sex only while it is wholly this school's: account-ownership.ts, as in
 * member editing); a new account is created with the default reset password, to be changed at first
 * sign-in, and joins the school with the built-in role of its identity. Any other existing account is
 * never adopted or changed: it is invited, and joins when the person accepts. Accounts are global, so
 * this kind runs on the 'jobs' platform path and switches to the school before writing the school's
 * rows, all in the job's one transaction.
 */
import { IDENTITY_VALUES, IMPORT_IDENTITY_WORDS, IMPORT_SEX_WORDS, type TIdentity } from '@hxk/contracts';
import { AppError } from '../../platform/errors.ts';
import { asSchool, readInSchool } from '../../platform/tenancy.ts';
import { accountMemberships, schoolOwnsAccount } from '../members/account-ownership.ts';
import { chunks, unitPaths, type KindImpl } from './kind.ts';
import * as repo from './people.repo.ts';
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

/** The identity words by any stored number (an unknown one is exported as the number). */
const identityWords: Partial<Record<number, (typeof IMPORT_IDENTITY_WORDS)[TIdentity]>> = IMPORT_IDENTITY_WORDS;

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
      hits.push(...await repo.accountsByName(tx, part));
    }
    const ms = await accountMemberships(tx, hits.map((h) => h.id));
    // The school's own rows (its units, its memberships of these people) under its row-level security.
    const { units, here } = await readInSchool(tx, schoolId, async (stx) => {
      const mine = new Map<string, { identity: number; status: string }>();
      for (const part of chunks(hits.map((h) => h.id), 1000)) {
        const rowsHere = await repo.membershipsOfAccounts(stx, part);
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
      for (const [phone, id] of await repo.accountIdsByPhone(tx, part)) phoneOwner.set(phone, id);
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
        const out = await repo.insertAccounts(tx, part.map((p) => ({ account: p.account, name: p.name, phone: p.phone, sex: p.sex, passwordHash, mustChangePassword: true, createdAt: now, updatedAt: now })));
        const byAccount = new Map(out.map((o) => [o.account, o.id]));
        for (const p of part) ids.set(p.row, byAccount.get(p.account)!);
        done += part.length;
        await progress(Math.floor(done / 2));
      }
    }
    for (const p of plan) {
      if (p.existing?.profileChanged && p.existing.editable) {
        await repo.updateProfile(tx, p.existing.accountId, { name: p.name, phone: p.phone, sex: p.sex, updatedAt: now });
      }
    }
    // From here on the school's own rows: row-level security of the job's school.
    await asSchool(tx, schoolId);
    const builtin = await repo.builtinRoleIds(tx);
    for (const part of chunks(fresh, 500)) {
      await repo.insertMemberships(tx, part.map((p) => ({ schoolId, accountId: ids.get(p.row)!, identity: p.identity, status: 'approved' as const, orgUnitId: p.orgUnitId, reviewedAt: now, reviewedBy: actorId, createdAt: now })));
      const grants = part.flatMap((p) => (builtin.get(p.identity) ? [{ schoolId, accountId: ids.get(p.row)!, roleId: builtin.get(p.identity)! }] : []));
      if (grants.length) await repo.grantRoles(tx, grants);
    }
    done = Math.max(done, fresh.length);
    for (const p of plan) {
      if (!p.invite) continue;
      // No roles until the person accepts (schools.service answerInvitation).
      await repo.upsertInvitation(tx, { schoolId, accountId: p.invite.accountId, identity: p.identity, orgUnitId: p.orgUnitId, reviewedBy: actorId, now });
    }
    for (const p of plan.filter((x) => x.existing)) {
      const ex = p.existing!;
      await repo.updateMembership(tx, ex.accountId, { identity: p.identity, orgUnitId: p.orgUnitId });
      if (ex.identity !== p.identity) {
        // A new identity brings its built-in role, as when an administrator changes it on the form.
        await repo.deleteRolesOf(tx, ex.accountId);
        const roleId = builtin.get(p.identity);
        if (roleId) await repo.insertUserRole(tx, { schoolId, accountId: ex.accountId, roleId });
      }
    }
    // As on the member form: the school keeps at least one administrator.
    const adminRole = builtin.get(1);
    if (adminRole && plan.some((p) => p.existing && p.existing.identity !== p.identity)) {
      if ((await repo.countRoleHolders(tx, adminRole)) === 0) throw new AppError('role.lastAdmin');
    }
    await progress(plan.length);
  },

  async exportRows(tx, schoolId, filters, lang) {
    const units = await unitPaths(tx);
    const rows = await repo.peopleExportRows(tx, filters as repo.PeopleExportFilter);
    return rows.map((r) => [
      r.account,
      r.name,
      r.phone,
      IMPORT_SEX_WORDS[r.sex][lang],
      identityWords[r.identity]?.[lang] ?? String(r.identity),
      r.orgUnitId ? units.pathOf.get(r.orgUnitId) ?? null : null,
    ]);
  },
};
