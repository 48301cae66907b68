import { describe, expect, it } from 'vitest';
import { isValidPassword, isValidRegisterPassword, ZLoginRequest, ZUpdatePasswordRequest } from './auth.ts';
import { normalizeLanguage } from './common.ts';
import { ERRORS, formatMessage } from './errors.ts';

describe('password rules', () => {
  it.each([
    ['abc123', true],
    ['abcdef', false], // no digit
    ['123456', false], // no letter
    ['ab12', false], // too short
    ['abcdefgh12345678x', false], // 17 characters
    ['abcdefgh1234567', true],
  ])('register password %s -> %s', (p, ok) => expect(isValidRegisterPassword(p)).toBe(ok));

  it.each([
    ['abcd1234', true], // letters + digits
    ['abcd!@#$', true], // letters + symbols
    ['1234!@#$', true], // digits + symbols
    ['abcdefgh', false], // one kind
    ['12345678', false],
    ['a1!', false], // too short
    ['abcd1234abcd12345', false], // 17
    ['abcd 1234', false], // whitespace
  ])('changed password %s -> %s', (p, ok) => expect(isValidPassword(p)).toBe(ok));

  it('requires the confirmation to match', () => {
    const r = ZUpdatePasswordRequest.safeParse({ oldPassword: 'x', newPassword: 'abcd1234', confirmPassword: 'abcd1235' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['confirmPassword']);
    expect(r.error!.issues[0]!.message).toBe('validation.passwordMismatch');
  });
});

describe('login request', () => {
  it('takes a password or an SMS body, with an optional school hint', () => {
    expect(ZLoginRequest.parse({ type: 'password', account: ' admin ', password: 'p' })).toMatchObject({ account: 'admin' });
    expect(ZLoginRequest.safeParse({ type: 'sms', phone: '13800000001', code: '12345' }).success).toBe(false);
    expect(ZLoginRequest.safeParse({ type: 'sms', phone: '13800000001', code: '123456', schoolId: '100000' }).success).toBe(true);
    expect(ZLoginRequest.safeParse({ type: 'password', account: 'a', password: 'p', schoolId: '0x1' }).success).toBe(false);
  });
});

describe('languages', () => {
  it.each([
    ['zh-CN,zh;q=0.9', 'zh'],
    ['ja', 'ja'],
    ['en-GB', 'en'],
    ['fr-FR,de;q=0.8', 'en'],
    ['fr-FR,ja;q=0.8', 'ja'],
    ['', 'en'],
    [undefined, 'en'],
  ])('%s -> %s', (v, lang) => expect(normalizeLanguage(v)).toBe(lang));
});

describe('error catalogue', () => {
  it('has a message in every language for every key, with the same placeholders', () => {
    for (const [key, m] of Object.entries(ERRORS)) {
      const holes = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join();
      expect(m.zh, key).not.toBe('');
      expect(holes(m.zh), key).toBe(holes(m.en));
      expect(holes(m.ja), key).toBe(holes(m.en));
    }
  });
  it('fills placeholders', () => expect(formatMessage('wait {seconds} s', { seconds: 5 })).toBe('wait 5 s'));
});
