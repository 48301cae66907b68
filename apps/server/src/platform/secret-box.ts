/**
 * Secrets a school stores for the server to use (a transcription or language-model API key, an
 * identity provider's client secret) are sealed at rest with AES-256-GCM: a copy of the database
 * alone does not give them away. They are never returned by an API; a form shows only whether one
 * is set.
 *
 * The key: SECRETS_KEY (32 bytes, base64), or else a random key generated once into
 * DATA_DIR/secrets.key (mode 0600). Servers that share a database must share the key (set
 * SECRETS_KEY; docs/configuration.md). Losing the key loses the sealed secrets, not the data: the
 * school enters them again.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const PREFIX = 'sealed:v1:';

export type SecretBox = {
  seal(plain: string): string;
  /** The plain text of a sealed value; null when it cannot be opened (another key, tampered). */
  open(sealed: string): string | null;
};

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('a secret box key is 32 bytes');
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) return null;
      const [iv, tag, data] = sealed.slice(PREFIX.length).split('.').map((p) => Buffer.from(p, 'base64url'));
      if (!iv || !tag || !data || iv.length !== 12 || tag.length !== 16) return null;
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/** The deployment's key: SECRETS_KEY, or the key file in the data folder (made on first use). */
export function loadSecretsKey(opts: { secretsKey: string | undefined; dataDir: string }): Buffer {
  if (opts.secretsKey) {
    const key = Buffer.from(opts.secretsKey, 'base64');
    if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
    return key;
  }
  const file = path.join(opts.dataDir, 'secrets.key');
  try {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length === 32) return key;
    throw new Error(`${file} does not hold a 32-byte key`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const key = crypto.randomBytes(32);
  try {
    fs.writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (e) {
    // Another process of this deployment made it first: use theirs.
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return loadSecretsKey(opts);
    throw e;
  }
}
