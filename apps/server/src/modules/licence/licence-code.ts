/**
 * Licence codes (decision 0027): `HXK1.<payload>.<signature>`, both base64url; the payload is the JSON
 * of ZLicencePayload and the signature is Ed25519 over the bytes `HXK1.<payload>`. The vendor signs
 * with its private key (sign-cli.ts); a deployment checks with the vendor's public key only.
 */
import crypto from 'node:crypto';
import { ZLicencePayload, type TLicencePayload } from '@hxk/contracts';
import { AppError } from '../../platform/errors.ts';

const PREFIX = 'HXK1';
/** The vendor's public key in the build; LICENCE_PUBLIC_KEY replaces it. Its private key is the vendor's alone. */
export const VENDOR_PUBLIC_KEY = '0XV0TM906Hi6MkdlDinBs66HLOp0tqi220bb3I0G3Oo=';
/** The DER header of an Ed25519 SubjectPublicKeyInfo, before its 32 key bytes. */
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

/** A public key from base64 of its 32 raw bytes, or from a PEM. */
export function publicKeyFrom(text: string): crypto.KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) return crypto.createPublicKey(trimmed);
  const raw = Buffer.from(trimmed, 'base64');
  if (raw.length !== 32) throw new Error('an Ed25519 public key is 32 bytes (base64) or a PEM');
  return crypto.createPublicKey({ key: Buffer.concat([SPKI_ED25519, raw]), format: 'der', type: 'spki' });
}

/** base64 of a public key's 32 raw bytes (what LICENCE_PUBLIC_KEY takes). */
export function rawPublicKey(key: crypto.KeyObject): string {
  return key.export({ type: 'spki', format: 'der' }).subarray(SPKI_ED25519.length).toString('base64');
}

/** The vendor's side: signs a payload into a code. */
export function signLicence(payload: TLicencePayload, privateKey: crypto.KeyObject): string {
  const body = `${PREFIX}.${Buffer.from(JSON.stringify(ZLicencePayload.parse(payload))).toString('base64url')}`;
  return `${body}.${crypto.sign(null, Buffer.from(body), privateKey).toString('base64url')}`;
}

/**
 * The deployment's side: the payload of a code the vendor signed, or an AppError. A licence file may
 * hold comment lines and line breaks around and inside the code; only the code's characters count.
 */
export function verifyLicence(text: string, publicKey: crypto.KeyObject): { code: string; payload: TLicencePayload } {
  const code = text
    .split(/\r?\n/)
    .filter((line) => !line.trim().startsWith('#'))
    .join('')
    .replace(/\s+/g, '');
  const parts = code.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX || !parts[1] || !parts[2]) throw new AppError('licence.malformed');
  const [, body, signature] = parts as [string, string, string];
  const signed = crypto.verify(null, Buffer.from(`${PREFIX}.${body}`), publicKey, Buffer.from(signature, 'base64url'));
  if (!signed) throw new AppError('licence.badSignature');
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('licence.malformed');
  }
  const parsed = ZLicencePayload.safeParse(json);
  if (!parsed.success) throw new AppError('licence.malformed');
  return { code, payload: parsed.data };
}
