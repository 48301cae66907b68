import crypto from 'node:crypto';
import QRCode from 'qrcode';
import { QR_LOGIN, QR_TYPES } from '@hxk/contracts';
import type { Ctx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { platformTx } from '../../platform/tenancy.ts';
import { randomToken, sha256 } from '../../platform/sessions.ts';
import { accountIdByWechatOpenId, findAccountById } from './auth.repo.ts';
import { openSession, schoolOfHost } from './auth.service.ts';
import * as repo from './qr.repo.ts';
import type { QrRow } from './qr.repo.ts';

const OPEN = ['waiting', 'scanned'] as const;

const isExpired = (row: QrRow, now: Date) => row.expiresAt <= now && (OPEN as readonly string[]).includes(row.status);

export async function createQr(
  ctx: Ctx,
  input: { type: number; domainName?: string | undefined; projectId?: string | undefined; origin: string },
) {
  const { deps } = ctx;
  const id = crypto.randomBytes(16).toString('hex'); // 128-bit, single use
  const browserSecret = randomToken();
  const now = deps.now();
  const localUrl =
    input.type === QR_TYPES.register
      ? `${input.origin}/hxk/register?qrCodeId=${id}`
      : `${input.origin}/hxk/qrConfirm?qrCodeId=${id}`;
  let content: string;
  try {
    ({ content } = await deps.qr.createCode({ sceneId: id, ttlSeconds: QR_LOGIN.ttlSeconds, localUrl }));
  } catch (err) {
    deps.log.error({ err, provider: deps.qr.kind }, 'QR code provider failed');
    throw new AppError('wechat.failed', { detail: err instanceof Error ? err.message : String(err) });
  }
  const expiresAt = new Date(now.getTime() + QR_LOGIN.ttlSeconds * 1000);
  await platformTx(deps.dbh.db, 'auth', (tx) =>
    repo.insertQrCode(tx, {
      id,
      type: input.type,
      provider: deps.qr.kind,
      browser: ctx.userAgent.slice(0, 512),
      ip: ctx.ip,
      domainName: input.domainName ?? null,
      projectId: input.projectId ?? null,
      content,
      browserSecretHash: sha256(browserSecret),
      createdAt: now,
      expiresAt,
    }),
  );
  const image = await QRCode.toDataURL(content, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  return {
    response: { qrCodeId: id, content, image, expiresAt: expiresAt.toISOString(), provider: deps.qr.kind },
    browserSecret,
  };
}

/** The browser that shows the code polls this; once confirmed, the same call signs it in. */
export async function qrInfo(ctx: Ctx, id: string, browserSecret: string | undefined, opts: { host?: string | undefined } = {}) {
  const { deps } = ctx;
  const now = deps.now();
  return platformTx(deps.dbh.db, 'auth', async (tx) => {
    const row = await repo.qrCodeForUpdate(tx, id);
    if (!row || !browserSecret || row.browserSecretHash !== sha256(browserSecret)) throw new AppError('qr.notFound');
    if (isExpired(row, now)) {
      await repo.updateQrCode(tx, id, { status: 'expired' });
      return { status: 'expired' as const, type: row.type, session: null, registration: null };
    }
    if (row.status === 'confirmed' && row.accountId) {
      const account = await findAccountById(tx, row.accountId);
      if (!account) throw new AppError('qr.notFound');
      await repo.updateQrCode(tx, id, { status: 'used' });
      // The school of the browser's host first, then the school the approving phone was in.
      const session = await openSession(tx, ctx, account, 'qr', [await schoolOfHost(tx, opts.host), row.schoolId]);
      return { status: 'confirmed' as const, type: row.type, session, registration: null };
    }
    return { status: row.status, type: row.type, session: null, registration: null };
  });
}

/** A signed-in phone opened the code: it is shown which browser it would approve. */
export async function describeQr(ctx: Ctx, id: string) {
  const { deps } = ctx;
  const now = deps.now();
  return platformTx(deps.dbh.db, 'auth', async (tx) => {
    const row = await repo.qrCodeForUpdate(tx, id);
    if (!row) throw new AppError('qr.notFound');
    if (isExpired(row, now) || row.status === 'expired') throw new AppError('qr.expired');
    if (!(OPEN as readonly string[]).includes(row.status)) throw new AppError('qr.alreadyUsed');
    if (row.status === 'waiting') await repo.updateQrCode(tx, id, { status: 'scanned' });
    return {
      status: 'scanned' as const,
      type: row.type,
      browser: row.browser ?? '',
      ip: row.ip ?? '',
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
    };
  });
}

/** The phone's explicit approval (or refusal) of a sign-in code. */
export async function confirmQr(ctx: Ctx & { auth: { accountId: string; schoolId: string | null } }, id: string, approve: boolean) {
  const { deps } = ctx;
  const now = deps.now();
  await platformTx(deps.dbh.db, 'auth', async (tx) => {
    const row = await repo.qrCodeForUpdate(tx, id);
    if (!row || row.type !== QR_TYPES.login) throw new AppError('qr.notFound');
    if (isExpired(row, now) || row.status === 'expired') throw new AppError('qr.expired');
    if (!(OPEN as readonly string[]).includes(row.status)) throw new AppError('qr.alreadyUsed');
    await repo.updateQrCode(tx, id, approve ? { status: 'confirmed', accountId: ctx.auth.accountId, schoolId: ctx.auth.schoolId } : { status: 'cancelled' });
  });
}

/** Registration finished on the phone that scanned a register code: the waiting browser signs in. */
export async function completeQrRegistration(tx: Tx, id: string, accountId: string, now: Date): Promise<void> {
  const row = await repo.qrCodeForUpdate(tx, id);
  if (!row || row.type !== QR_TYPES.register) throw new AppError('qr.notFound');
  if (isExpired(row, now)) throw new AppError('qr.expired');
  await repo.updateQrCodeIn(tx, id, OPEN, { status: 'confirmed', accountId });
}

/**
 * WeChat reported, in a signed message push, that openId scanned the code sceneId. A WeChat user
 * who already has an account confirms a sign-in code for it (the browser's poll then opens the
 * session and picks the school); anyone else marks the code scanned and leaves the openid on it for
 * registration to bind. Two different WeChat users scanning one code cancel it, so that whoever
 * looked over a shoulder cannot get their openid bound to someone else's new account.
 */
export async function applyWechatScan(
  deps: Ctx['deps'],
  input: { sceneId: string; openId: string },
): Promise<'confirmed' | 'scanned' | 'cancelled' | 'ignored'> {
  const now = deps.now();
  return platformTx(deps.dbh.db, 'auth', async (tx) => {
    const row = await repo.qrCodeForUpdate(tx, input.sceneId);
    const open = row && row.provider === 'wechat' && (OPEN as readonly string[]).includes(row.status) && row.expiresAt > now;
    if (!row || !open) return 'ignored';
    if (row.openId && row.openId !== input.openId) {
      await repo.updateQrCode(tx, row.id, { status: 'cancelled' });
      return 'cancelled';
    }
    const accountId = await accountIdByWechatOpenId(tx, input.openId);
    if (accountId && row.type === QR_TYPES.login) {
      await repo.updateQrCode(tx, row.id, { status: 'confirmed', accountId, schoolId: null, openId: input.openId });
      return 'confirmed';
    }
    await repo.updateQrCode(tx, row.id, { status: 'scanned', openId: input.openId });
    return 'scanned';
  });
}

/**
 * The WeChat user who scanned a registration code, for register() to bind to the new account. Null
 * when nobody did, the code is not an open registration code, or that openid already belongs to an
 * account (accounts.wechat_open_id is unique).
 */
export async function openIdOfQr(tx: Tx, id: string): Promise<string | null> {
  const row = await repo.qrCodeForUpdate(tx, id);
  const openId = row?.openId;
  if (!row || !openId || row.type !== QR_TYPES.register || !(OPEN as readonly string[]).includes(row.status)) return null;
  const bound = await accountIdByWechatOpenId(tx, openId);
  return bound ? null : openId;
}
