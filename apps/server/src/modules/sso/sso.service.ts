/**
 * Single sign-on by the school's CAS server or OpenID Connect provider (issue 19, decision 0026).
 *
 * The school is told at /SSO the way sign-in tells it elsewhere: its code in the address, else the
 * school served at the host. The external identity maps to an account of that school only: by a
 * binding stored on first use, or on first use by the account name of a member of the school. The
 * account must be wholly the school's (members/account-ownership.ts) at every sign-in, since a
 * session could otherwise be switched to a school whose own sign-in the person never passed. A person
 * the school does not know is created in it or refused, as the school chose.
 */
import { IDENTITY, LICENCE_FEATURE_NAMES, type TLoginResponse, type TSaveSsoSettingsRequest, type TSsoEntry, type TSsoSettings } from '@hxk/contracts';
import type { Ctx, MemberCtx, AccountCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { asSchool, inSchool, platformTx, readInSchool } from '../../platform/tenancy.ts';
import { randomToken, revokeSession, sha256 } from '../../platform/sessions.ts';
import { openSession, schoolOfHost } from '../auth/auth.service.ts';
import * as authRepo from '../auth/auth.repo.ts';
import { accountMemberships, schoolOwnsAccount } from '../members/account-ownership.ts';
import { accountsByLoweredLogins, grantRoleOnce } from '../members/members.repo.ts';
import { builtinRoleId } from '../roles/builtin-roles.ts';
import { isLicensed } from '../licence/licence-rules.ts';
import { licenceStatus } from '../licence/licence.service.ts';
import { casLoginUrl, casLogoutUrl, validateCasTicket } from './cas.ts';
import * as oidc from './oidc.ts';
import * as repo from './sso.repo.ts';

/** How long an OpenID Connect sign-in may take between the start and the return. */
const REQUEST_MINUTES = 10;

// ---------------------------------------------------------------- settings

type Scim = { scimUrl: string | null; hasToken: boolean };

const ssoLicensed = async (ctx: MemberCtx) => isLicensed((await licenceStatus(ctx.deps)).terms, 'sso');

/** The sign-in half of GET /base/system/sso/v1/settings (the SCIM half is the members module's). */
export async function signInSettings(ctx: MemberCtx): Promise<Omit<TSsoSettings, keyof Scim>> {
  const row = await inSchool(ctx, repo.configOf);
  return {
    signInLicensed: await ssoLicensed(ctx),
    protocol: row?.protocol ?? null,
    casServerUrl: row?.casServerUrl ?? null,
    oidcIssuer: row?.oidcIssuer ?? null,
    oidcClientId: row?.oidcClientId ?? null,
    hasOidcClientSecret: Boolean(row?.oidcClientSecret),
    unknownPeople: row?.unknownPeople ?? 'refuse',
  };
}

/** Saves the fields given (omitted keep their value); a protocol must have what it needs. The client secret is sealed. */
export async function saveSignInSettings(ctx: MemberCtx, input: TSaveSsoSettingsRequest): Promise<void> {
  const values: Partial<repo.SsoConfigValues> = {};
  if (input.protocol !== undefined) values.protocol = input.protocol;
  if (input.casServerUrl !== undefined) values.casServerUrl = input.casServerUrl?.replace(/\/+$/, '') ?? null;
  if (input.oidcIssuer !== undefined) values.oidcIssuer = input.oidcIssuer?.replace(/\/+$/, '') ?? null;
  if (input.oidcClientId !== undefined) values.oidcClientId = input.oidcClientId;
  if (input.oidcClientSecret !== undefined) values.oidcClientSecret = input.oidcClientSecret === null ? null : ctx.deps.secrets.seal(input.oidcClientSecret);
  if (input.unknownPeople !== undefined) values.unknownPeople = input.unknownPeople;
  if (!Object.keys(values).length) return;
  // The sign-in is the licence's 'sso' feature (decision 0027); the SCIM sync beside it is not.
  if (!(await ssoLicensed(ctx))) throw new AppError('licence.featureOff', { feature: LICENCE_FEATURE_NAMES.sso[ctx.lang] });
  await inSchool(ctx, async (tx) => {
    const merged = { ...(await repo.configOf(tx)), ...values };
    const missing = merged.protocol === 'cas' ? (merged.casServerUrl ? [] : ['casServerUrl'])
      : merged.protocol === 'oidc' ? (['oidcIssuer', 'oidcClientId'] as const).filter((k) => !merged[k]) : [];
    if (missing.length) throw new AppError('sso.incomplete', { fields: missing.join(', ') });
    await repo.saveConfig(tx, ctx.auth.schoolId, values, ctx.deps.now());
  });
}

// ---------------------------------------------------------------- where the browser comes back

/** The address CAS returns to (and validates against): /hxk/SSO or /hxk/SSOBS, with the school code when the person came by it. */
export function casServiceUrl(origin: string, entry: TSsoEntry, schoolCode: string | undefined): string {
  const url = new URL(`/hxk/${entry === 'back' ? 'SSOBS' : 'SSO'}`, origin);
  if (schoolCode) url.searchParams.set('school', schoolCode);
  return url.href;
}
/** The one redirect URI registered at the OIDC provider; the school and the entry travel in the state. */
export const oidcRedirectUri = (origin: string) => new URL('/hxk/SSO', origin).href;
const afterLogoutUrl = (origin: string) => new URL('/hxk/login', origin).href;

/** A school's transaction before anyone is signed in: the school was told by its code, host or a stored request. */
const inSchoolOf = <T>(ctx: Ctx, schoolId: string, fn: (tx: Tx) => Promise<T>) => inSchool({ deps: ctx.deps, auth: { schoolId } }, fn);

type Where = { origin: string; host: string | undefined; browser: string | undefined };

async function schoolOf(ctx: Ctx, code: string | undefined, host: string | undefined): Promise<string> {
  return platformTx(ctx.deps.dbh.db, 'auth', async (tx) => {
    if (code) {
      const school = await authRepo.schoolByCode(tx, code);
      if (!school) throw new AppError('school.incorrectCode');
      return school.id;
    }
    const id = await schoolOfHost(tx, host);
    if (!id) throw new AppError('sso.schoolUnknown');
    return id;
  });
}

async function enabledConfig(ctx: Ctx, schoolId: string) {
  const row = await inSchoolOf(ctx, schoolId, repo.configOf);
  if (row?.protocol === 'cas' && row.casServerUrl) return { ...row, protocol: 'cas' as const, casServerUrl: row.casServerUrl };
  if (row?.protocol === 'oidc' && row.oidcIssuer && row.oidcClientId) {
    const secret = row.oidcClientSecret ? ctx.deps.secrets.open(row.oidcClientSecret) : null;
    return { ...row, protocol: 'oidc' as const, oidc: { issuer: row.oidcIssuer, clientId: row.oidcClientId, clientSecret: secret, allowHosts: ctx.deps.config.outboundAllowHosts } };
  }
  throw new AppError('sso.notEnabled');
}

/**
 * Where the browser goes to sign in. OpenID Connect: a request with its state, nonce and PKCE verifier
 * is stored for this browser (`browser` is the random value of its sign-in cookie) and used once.
 */
export async function start(ctx: Ctx, input: { school?: string | undefined; entry: TSsoEntry }, where: Where & { browser: string }): Promise<{ redirectUrl: string }> {
  const schoolId = await schoolOf(ctx, input.school, where.host);
  const cfg = await enabledConfig(ctx, schoolId);
  if (cfg.protocol === 'cas') return { redirectUrl: casLoginUrl(cfg.casServerUrl, casServiceUrl(where.origin, input.entry, input.school)) };
  const config = await oidc.discover(cfg.oidc);
  const p = await oidc.pkce();
  // The school rides in the state, as a hint only: the stored request, under that school's row-level security, proves it.
  const state = `${schoolId}.${p.state}`;
  const now = ctx.deps.now();
  await inSchoolOf(ctx, schoolId, async (tx) => {
    await repo.pruneRequests(tx, new Date(now.getTime() - 86_400_000));
    await repo.insertRequest(tx, {
      schoolId, stateHash: sha256(state), browserHash: sha256(where.browser), nonce: p.nonce, codeVerifier: p.verifier, entry: input.entry,
      createdAt: now, expiresAt: new Date(now.getTime() + REQUEST_MINUTES * 60_000),
    });
  });
  return { redirectUrl: oidc.authorizationUrl(config, { redirectUri: oidcRedirectUri(where.origin), state, nonce: p.nonce, codeChallenge: p.challenge }) };
}

type Person = { issuer: string; subject: string; displayName: string | null; student: boolean };
export type Completed = { session: TLoginResponse; entry: TSsoEntry };

/** Back from the provider: check what it returned, find (or create) the person in the school, open a session. */
export async function complete(
  ctx: Ctx,
  input: { school?: string | undefined; entry: TSsoEntry; ticket?: string | undefined; code?: string | undefined; state?: string | undefined },
  where: Where,
): Promise<Completed> {
  if (input.ticket) {
    const schoolId = await schoolOf(ctx, input.school, where.host);
    const cfg = await enabledConfig(ctx, schoolId);
    if (cfg.protocol !== 'cas') throw new AppError('sso.ticketInvalid');
    const found = await validateCasTicket({ server: cfg.casServerUrl, service: casServiceUrl(where.origin, input.entry, input.school), ticket: input.ticket, allowHosts: ctx.deps.config.outboundAllowHosts });
    const kind = (found.attributes.userType?.[0] ?? found.attributes.eduPersonAffiliation?.[0] ?? '').toLowerCase();
    const person = { issuer: cfg.casServerUrl, subject: found.user, displayName: found.attributes.displayName?.[0] ?? found.attributes.cn?.[0] ?? found.attributes.name?.[0] ?? null, student: kind === 'student' };
    const session = await signIn(ctx, schoolId, cfg.unknownPeople, person, { protocol: 'cas', proof: `cas:${input.ticket}`, accountName: found.user });
    return { session, entry: input.entry };
  }

  // OpenID Connect: the state names the school and a request stored there, made by this browser.
  const state = input.state ?? '';
  const unverifiedSchoolId = /^(\d{1,19})\./.exec(state)?.[1];
  if (!unverifiedSchoolId || !input.code || !where.browser) throw new AppError('sso.stateInvalid');
  const request = await inSchoolOf(ctx, unverifiedSchoolId, (tx) => repo.takeRequest(tx, sha256(state), ctx.deps.now()));
  if (!request || request.browserHash !== sha256(where.browser)) throw new AppError('sso.stateInvalid');
  const schoolId = request.schoolId;
  const cfg = await enabledConfig(ctx, schoolId);
  if (cfg.protocol !== 'oidc') throw new AppError('sso.stateInvalid');
  const config = await oidc.discover(cfg.oidc);
  const id = await oidc.redeemCode(config, { redirectUri: oidcRedirectUri(where.origin), code: input.code, state, nonce: request.nonce, codeVerifier: request.codeVerifier });
  const person = { issuer: id.issuer, subject: id.subject, displayName: id.name, student: false };
  const session = await signIn(ctx, schoolId, cfg.unknownPeople, person, { protocol: 'oidc', proof: `oidc:${id.issuer}:${request.nonce}`, accountName: id.preferredUsername });
  return { session, entry: request.entry };
}

/**
 * One transaction: find the account (binding, else account name of a member), check it is wholly the
 * school's, or create the person; open the session; record the ticket or nonce, refused if seen before.
 */
async function signIn(
  ctx: Ctx,
  schoolId: string,
  unknownPeople: 'create' | 'refuse',
  person: Person,
  how: { protocol: 'cas' | 'oidc'; proof: string; accountName: string | null },
): Promise<TLoginResponse> {
  const { deps } = ctx;
  return platformTx(deps.dbh.db, 'auth', async (tx) => {
    let accountId = await readInSchool(tx, schoolId, (t) => repo.accountOfSubject(t, person.issuer, person.subject));
    let bind = false;
    let created = false;
    if (!accountId && how.accountName) {
      const [hit] = await accountsByLoweredLogins(tx, [how.accountName.toLowerCase()]);
      if (hit) {
        accountId = hit.id;
        bind = true;
      } else if (unknownPeople === 'create') {
        const account = await authRepo.insertAccount(tx, { account: how.accountName, name: (person.displayName ?? how.accountName).slice(0, 50), phone: null, email: null, passwordHash: null, wechatOpenId: null });
        accountId = account.id;
        bind = true;
        created = true;
      }
    }
    if (!accountId) throw new AppError('sso.unknownPerson');
    if (!created) await assertWhollySchools(tx, schoolId, accountId);
    const account = await authRepo.findAccountById(tx, accountId);
    if (!account) throw new AppError('sso.unknownPerson');
    if (created) {
      const identity = person.student ? IDENTITY.student : IDENTITY.teacher;
      await authRepo.insertMembership(tx, { schoolId, accountId, identity, status: 'approved' });
      // The school's built-in role of the identity (its id read with the school named, as registration does).
      const roleId = await builtinRoleId(tx, schoolId, identity);
      if (roleId) await grantRoleOnce(tx, schoolId, accountId, roleId);
    }
    const session = await openSession(tx, ctx, account, 'sso', schoolId, 'require');
    const sessionId = await repo.sessionIdOfTokenHash(tx, sha256(session.token));
    // From here on the school's own rows, under its row-level security.
    await asSchool(tx, schoolId);
    // An account already bound to another subject of this provider is not this person's.
    if (bind && !(await repo.bindSubject(tx, { schoolId, issuer: person.issuer, subject: person.subject, accountId }))) throw new AppError('sso.unknownPerson');
    if (!sessionId || !(await repo.recordLogin(tx, { schoolId, sessionId, protocol: how.protocol, proofHash: sha256(how.proof) }))) {
      throw new AppError(how.protocol === 'cas' ? 'sso.ticketInvalid' : 'sso.stateInvalid');
    }
    return session;
  });
}

/** Only an approved member whose every membership is in this school (the rule of account-ownership.ts). */
async function assertWhollySchools(tx: Tx, schoolId: string, accountId: string): Promise<void> {
  const ms = (await accountMemberships(tx, [accountId])).get(accountId) ?? [];
  if (!ms.some((m) => m.schoolId === schoolId && m.status === 'approved')) throw new AppError('sso.unknownPerson');
  if (!schoolOwnsAccount(ms, schoolId)) throw new AppError('sso.accountShared');
}

// ---------------------------------------------------------------- logout

/** The provider's logout address for the caller's session, or null when it did not come by single sign-on. */
export async function logoutUrl(ctx: AccountCtx, origin: string): Promise<{ url: string | null }> {
  const { schoolId } = ctx.auth;
  if (!ctx.auth.sso || !schoolId) return { url: null };
  const login = await inSchoolOf(ctx, schoolId, (tx) => repo.loginOfSession(tx, ctx.auth.sessionId));
  if (!login) return { url: null };
  let cfg;
  try {
    cfg = await enabledConfig(ctx, schoolId);
  } catch {
    return { url: null }; // single sign-on switched off since: log out here only
  }
  if (cfg.protocol === 'cas') return { url: casLogoutUrl(cfg.casServerUrl, afterLogoutUrl(origin)) };
  try {
    return { url: oidc.endSessionUrl(await oidc.discover(cfg.oidc), { clientId: cfg.oidc.clientId, postLogoutRedirectUri: afterLogoutUrl(origin) }) };
  } catch {
    return { url: null };
  }
}

/** CAS single logout: the CAS server names the service ticket of a session that must end. */
export async function casSingleLogout(ctx: Ctx, input: { school?: string | undefined; ticket: string }, host: string | undefined): Promise<void> {
  const schoolId = await schoolOf(ctx, input.school, host);
  const sessionId = await inSchoolOf(ctx, schoolId, (tx) => repo.sessionOfProof(tx, sha256(`cas:${input.ticket}`)));
  if (!sessionId) return;
  await platformTx(ctx.deps.dbh.db, 'auth', (tx) => revokeSession(tx, sessionId, ctx.deps.now()));
}

/** A fresh random value for the browser's sign-in cookie. */
export const newBrowserBinding = () => randomToken();
