import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadSecretsKey, secretBox } from './secret-box.ts';

describe('secret box', () => {
  const box = secretBox(crypto.randomBytes(32));

  it('seals so that only the same key opens, differently each time', () => {
    const a = box.seal('sk-ünïcode-密钥');
    const b = box.seal('sk-ünïcode-密钥');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk-');
    expect(box.open(a)).toBe('sk-ünïcode-密钥');
    expect(secretBox(crypto.randomBytes(32)).open(a)).toBeNull();
  });

  it('refuses a tampered, truncated or unsealed value', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[2]!, 'base64url');
    flipped[0]! ^= 1;
    expect(box.open([parts[0], parts[1], flipped.toString('base64url')].join('.'))).toBeNull();
    expect(box.open(sealed.slice(0, 20))).toBeNull();
    expect(box.open('secret')).toBeNull();
  });

  it('takes SECRETS_KEY, or makes a key file once and reads it again', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hxk-secrets-'));
    try {
      const given = crypto.randomBytes(32);
      expect(loadSecretsKey({ secretsKey: given.toString('base64'), dataDir: dir }).equals(given)).toBe(true);
      expect(() => loadSecretsKey({ secretsKey: 'c2hvcnQ=', dataDir: dir })).toThrow(/32 bytes/);
      const made = loadSecretsKey({ secretsKey: undefined, dataDir: dir });
      expect(fs.statSync(path.join(dir, 'secrets.key')).mode & 0o777).toBe(0o600);
      expect(loadSecretsKey({ secretsKey: undefined, dataDir: dir }).equals(made)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
