import { setTimeout as sleep } from 'node:timers/promises';
import {
  IDENTITY,
  LOGIN_THROTTLE,
  SMS_CODE,
  type TIdentity,
  type TLoginRequest,
  type TLoginResponse,
  type TRegisterRequest,
} from '@hxk/contracts';
import type { Ctx, Deps } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { inSchool, platformTx } from '../../platform/tenancy.ts';
import { createSession, revokeAccountSessions, revokeSession, type SessionMethod } from '../../platform/sessions.ts';
import type { SmsPurpose } from '../../platform/adapters/sms.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { assertCanSend, consumeCode, generateSmsCode, storeCode } from './sms-codes.ts';
import { completeQrRegistration, openIdOfQr } from './qr.service.ts';
import { normalizeDomain } from '../schools/schools.service.ts';
import * as repo from './auth.repo.ts';
import type { AccountRow as Account } from './auth.repo.ts';

/** Sign-in names are counted as typed (account, phone or email), so the answer never tells which exist. */
const nameKey = (login: string) => login.trim().toLowerCase();
const accountKey = (login: string) => `login:acct:${nameKey(login)}`;
const holdKey = (login: string) => `login:hold:${nameKey(login)}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

/** How long a name waits after its n-th failure in the window (0 for the first few). */
export function accountDelaySeconds(failures: number): number {
  if (failures < LOGIN_THROTTLE.freeFailures) return 0;
  return Math.min(2 ** (failures - LOGIN_THROTTLE.freeFailures), LOGIN_THROTTLE.maxDelaySeconds);
}

/** How long a sign-in from an IP with this many recent failures is held before it is checked. */
export function ipDelayMs(failures: number): number {
  if (failures < LOGIN_THROTTLE.perIpFreeFailures) return 0;
  const exponent = Math.min(failures - LOGIN_THROTTLE.perIpFreeFailures, 30);
  return Math.min(LOGIN_THROTTLE.perIpBaseDelayMs * 2 ** exponent, LOGIN_THROTTLE.perIpMaxDelayMs);
}

/**
 * An IP with many recent failures is slowed, never refused: people behind the same address (a school's
 * NAT, or a proxy without TRUST_PROXY) still get in with the right password, only later.
 */
async function slowDownIp(deps: Deps, ip: string): Promise<void> {
  const wait = ipDelayMs(await deps.counters.get(ipKey(ip)));
  if (wait > 0) await sleep(wait);
}

const countIpFailure = (deps: Deps, ip: string) => deps.counters.hit(ipKey(ip), LOGIN_THROTTLE.perIpWindowSeconds);

/**
 * Takes one password try for a sign-in name, across every IP: refused while the name waits after its
 * last failure, and once the hour's tries are spent. The try is counted before the password is
 * checked, so a burst in flight cannot pass the cap; a success clears the count.
 */
async function takePasswordTry(deps: Deps, login: string): Promise<number> {
  const hold = await deps.counters.ttl(holdKey(login));
  if (hold > 0) throw new AppError('auth.loginDelayed', { seconds: hold, retryAfter: hold });
  const tries = await deps.counters.hit(accountKey(login), LOGIN_THROTTLE.windowSeconds);
  if (tries > LOGIN_THROTTLE.perAccountFailures) {
    const left = Math.max(1, await deps.counters.ttl(accountKey(login)));
    throw new AppError('auth.tooManyAttempts', { minutes: Math.ceil(left / 60), retryAfter: left });
  }
  return tries;
}

async function passwordFailed(deps: Deps, login: string, ip: string, failures: number): Promise<void> {
  await countIpFailure(deps, ip);
  const delay = accountDelaySeconds(failures);
  if (delay > 0) {
    await deps.counters.reset(holdKey(login));
    await deps.counters.hit(holdKey(login), delay);
  }
}

async function passwordSucceeded(deps: Deps, login: string): Promise<void> {
  await Promise.all([deps.counters.reset(accountKey(login)), deps.counters.reset(holdKey(login))]);
}

/** The school served at a request's host (school_domains; the port never counts), or null. */
export async function schoolOfHost(tx: Tx, host: string | undefined): Promise<string | null> {
  const domain = host ? normalizeDomain(host) : '';
  if (!domain) return null;
  return repo.schoolIdOfDomain(tx, domain);
}

/**
 * Opens a session for an account. The school is chosen among approved memberships only: a
 * client-supplied school id is a hint (unverifiedSchoolId), never a grant.
 */
export async function openSession(
  tx: Tx,
  ctx: Ctx,
  account: Account,
  method: SessionMethod,
  /** Schools to prefer, first match wins (the client's choice, then the host's school). */
  unverifiedSchoolIds?: string | null | readonly (string | null | undefined)[],
  /** 'prefer': hints that fall back to the school used last; 'require': a choice that must hold. */
  hint: 'prefer' | 'require' = 'prefer',
): Promise<TLoginResponse> {
  if (account.status !== 'active') throw new AppError('auth.accountDisabled');
  const memberships = await repo.approvedMemberships(tx, account.id);
  const wanted = [unverifiedSchoolIds ?? []].flat().filter((id): id is string => Boolean(id));
  const hinted = wanted.map((id) => memberships.find((m) => m.schoolId === id)).find(Boolean);
  if (wanted.length && !hinted && hint === 'require') throw new AppError('auth.schoolNotMember');
  const chosen = hinted ?? memberships[0];
  const now = ctx.deps.now();
  const { token } = await createSession(tx, ctx.deps, {
    accountId: account.id,
    schoolId: chosen?.schoolId ?? null,
    method,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  const logId = chosen
    ? await repo.recordLogin(tx, { schoolId: chosen.schoolId, accountId: account.id, method, ip: ctx.ip, userAgent: ctx.userAgent, now })
    : null;
  return {
    token,
    userId: account.id,
    name: account.name,
    account: account.account,
    schoolId: chosen?.schoolId ?? null,
    schoolName: chosen?.schoolName ?? null,
    identity: (chosen?.identity as TIdentity | undefined) ?? null,
    mustChangePassword: account.mustChangePassword,
    logId,
  };
}

export async function login(ctx: Ctx, body: TLoginRequest, opts: { host?: string | undefined } = {}): Promise<TLoginResponse> {
  const { deps } = ctx;
  await slowDownIp(deps, ctx.ip);
  // The school the client names (the person's choice), then the school served at this host.
  const open = (account: Account, method: SessionMethod) =>
    platformTx(deps.dbh.db, 'auth', async (tx) => openSession(tx, ctx, account, method, [body.schoolId, await schoolOfHost(tx, opts.host)]));

  if (body.type === 'password') {
    const tries = await takePasswordTry(deps, body.account);
    const account = await platformTx(deps.dbh.db, 'auth', (tx) => repo.findAccountByLogin(tx, body.account));
    const valid = await verifyPassword(account?.passwordHash, body.password);
    if (!account || !valid) {
      await passwordFailed(deps, body.account, ctx.ip, tries);
      throw new AppError('auth.invalidCredentials');
    }
    await passwordSucceeded(deps, body.account);
    return open(account, 'password');
  }

  // A wrong code counts against the code itself (it dies at the fifth) and against this IP only: it
  // never holds back the phone's password or QR sign-in, nor a new code from elsewhere.
  // The code is consumed in its own transaction so that a wrong try is counted even though we refuse.
  const codeOk = await platformTx(deps.dbh.db, 'auth', (tx) =>
    consumeCode(tx, { phone: body.phone, purpose: 'login', code: body.code, now: deps.now() }),
  );
  const account = codeOk ? await platformTx(deps.dbh.db, 'auth', (tx) => repo.findAccountByPhone(tx, body.phone)) : undefined;
  if (!account) {
    await countIpFailure(deps, ctx.ip);
    throw new AppError('sms.codeInvalid');
  }
  return open(account, 'sms');
}

/**
 * Sends a code. For sign-in and password reset the reply is the same whether or not the phone has an
 * account (no enumeration); a code is only really sent to a known phone. Registration is the reverse.
 */
export async function sendSmsCode(ctx: Ctx, phone: string, purpose: SmsPurpose): Promise<{ resendAfterSeconds: number }> {
  const { deps } = ctx;
  const ipCount = await deps.counters.hit(`sms:ip:${ctx.ip}`, 3600);
  if (ipCount > SMS_CODE.perIpPerHour) {
    throw new AppError('common.rateLimited', { seconds: Math.max(1, await deps.counters.ttl(`sms:ip:${ctx.ip}`)) });
  }
  const now = deps.now();
  const code = generateSmsCode();
  const deliver = await platformTx(deps.dbh.db, 'auth', async (tx) => {
    await assertCanSend(tx, phone, purpose, now);
    const exists = Boolean(await repo.findAccountByPhone(tx, phone));
    if (purpose === 'register' && exists) throw new AppError('register.phoneTaken');
    await storeCode(tx, { phone, purpose, code, ip: ctx.ip, now });
    return purpose === 'register' ? true : exists;
  });
  if (deliver) {
    try {
      await deps.sms.send(phone, code, purpose);
    } catch (err) {
      deps.log.error({ err, provider: deps.sms.name }, 'SMS send failed');
      throw new AppError('sms.sendFailed');
    }
  }
  return { resendAfterSeconds: SMS_CODE.resendSeconds };
}

export async function logout(ctx: Ctx): Promise<void> {
  if (!ctx.auth) return;
  const sessionId = ctx.auth.sessionId;
  await platformTx(ctx.deps.dbh.db, 'auth', (tx) => revokeSession(tx, sessionId, ctx.deps.now()));
}

/** The web calls this once after the first navigation with platform id 3 (spec section 4). */
export async function confirmLoginLog(ctx: Ctx & { auth: { schoolId: string; accountId: string } }, logId: string, pfId: number) {
  const logged = await inSchool(ctx, (tx) =>
    repo.confirmLoginLog(tx, { logId, accountId: ctx.auth.accountId, platformId: pfId, now: ctx.deps.now() }),
  );
  return { logged };
}

/** The caller's identities in their schools, for identity switching. Nobody else's. */
export async function lastIdentityList(ctx: Ctx & { auth: { accountId: string; account: string } }, username: string) {
  if (username.toLowerCase() !== ctx.auth.account.toLowerCase()) return [];
  const rows = await platformTx(ctx.deps.dbh.db, 'auth', (tx) => repo.approvedMemberships(tx, ctx.auth.accountId));
  return rows.map((r) => ({
    schoolId: r.schoolId,
    schoolName: r.schoolName,
    identity: r.identity as TIdentity,
    lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
  }));
}

/** Moves the caller's session to another school of theirs. */
export async function switchSchool(ctx: Ctx & { auth: { accountId: string } }, unverifiedSchoolId: string): Promise<TLoginResponse> {
  const { deps } = ctx;
  return platformTx(deps.dbh.db, 'auth', async (tx) => {
    const account = await repo.findAccountById(tx, ctx.auth.accountId);
    if (!account) throw new AppError('auth.unauthenticated');
    const res = await openSession(tx, ctx, account, 'password', unverifiedSchoolId, 'require');
    if (ctx.auth && 'sessionId' in ctx.auth) await revokeSession(tx, (ctx.auth as { sessionId: string }).sessionId, deps.now());
    return res;
  });
}

async function assertAvailable(tx: Tx, account: string, phone: string): Promise<void> {
  if (await repo.findAccountByLogin(tx, account)) throw new AppError('register.accountTaken');
  if (await repo.findAccountByPhone(tx, phone)) throw new AppError('register.phoneTaken');
}

export async function register(ctx: Ctx, body: TRegisterRequest): Promise<TLoginResponse> {
  const { deps } = ctx;
  // Checked before the code is spent, so a taken account name does not cost the person a new code.
  await platformTx(deps.dbh.db, 'auth', (tx) => assertAvailable(tx, body.account, body.phone));
  const codeOk = await platformTx(deps.dbh.db, 'auth', (tx) =>
    consumeCode(tx, { phone: body.phone, purpose: 'register', code: body.code, now: deps.now() }),
  );
  if (!codeOk) throw new AppError('sms.codeInvalid');
  const passwordHash = await hashPassword(body.password);
  return platformTx(deps.dbh.db, 'auth', async (tx) => {
    await assertAvailable(tx, body.account, body.phone);
    const account = await repo.insertAccount(tx, {
      account: body.account,
      name: body.name,
      phone: body.phone,
      email: body.email || null,
      passwordHash,
      // A registration code scanned in WeChat links the new account to that WeChat user.
      wechatOpenId: body.qrCodeId ? await openIdOfQr(tx, body.qrCodeId) : null,
    });
    if (body.schoolCode) {
      const school = await repo.schoolByCode(tx, body.schoolCode);
      if (!school) throw new AppError('school.incorrectCode');
      await repo.insertMembership(tx, {
        schoolId: school.id,
        accountId: account.id,
        // Nobody makes themselves an administrator by applying.
        identity: body.identity && body.identity !== IDENTITY.admin ? body.identity : IDENTITY.teacher,
        status: 'pending',
      });
    }
    if (body.qrCodeId) await completeQrRegistration(tx, body.qrCodeId, account.id, deps.now());
    return openSession(tx, ctx, account, 'register');
  });
}

/** Forgot password: a code sent to the account's phone sets a new password and ends its sessions. */
export async function resetPasswordBySms(ctx: Ctx, body: { phone: string; code: string; newPassword: string }): Promise<void> {
  const { deps } = ctx;
  const codeOk = await platformTx(deps.dbh.db, 'auth', (tx) =>
    consumeCode(tx, { phone: body.phone, purpose: 'reset', code: body.code, now: deps.now() }),
  );
  if (!codeOk) throw new AppError('sms.codeInvalid');
  const passwordHash = await hashPassword(body.newPassword);
  await platformTx(deps.dbh.db, 'auth', async (tx) => {
    const account = await repo.findAccountByPhone(tx, body.phone);
    if (!account) throw new AppError('sms.codeInvalid');
    await repo.setAccountPassword(tx, account.id, passwordHash, deps.now());
    await revokeAccountSessions(tx, account.id, deps.now());
  });
}
