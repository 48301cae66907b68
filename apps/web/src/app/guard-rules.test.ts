import { describe, expect, it } from 'vitest';
import { appPath, decide } from './guard-rules.ts';

const loc = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });
const none = { hasToken: false, schoolId: null };
const member = { hasToken: true, schoolId: '1' };
const noSchool = { hasToken: true, schoolId: null };

describe('navigation guard (spec section 2)', () => {
  it('opens /SSO, /SSOBS and /back/liveListDetail with no checks', () => {
    for (const p of ['/SSO', '/SSOBS', '/back/liveListDetail']) {
      expect(decide(loc(p), none)).toEqual({ kind: 'allow' });
      expect(decide(loc(p), noSchool)).toEqual({ kind: 'allow' });
    }
  });
  it('lets the sign-in pages through with or without a token', () => {
    for (const p of ['/lengthen', '/login', '/qrlogin', '/register', '/qrRegister', '/activation', '/extendAuthorization', '/awaitPage']) {
      expect(decide(loc(p), none)).toEqual({ kind: 'allow' });
      expect(decide(loc(p), noSchool)).toEqual({ kind: 'allow' });
    }
  });
  it('sends visitors without a token to /login, remembering /SCADA/ShareDetail', () => {
    expect(decide(loc('/MeInfo'), none)).toEqual({ kind: 'login', remember: null });
    expect(decide(loc('/'), none)).toEqual({ kind: 'login', remember: null });
    expect(decide(loc('/SCADA/ShareDetail', '?id=7', '#t'), none)).toEqual({ kind: 'login', remember: '/SCADA/ShareDetail?id=7#t' });
  });
  it("remembers a questionnaire's fill page, so a student who scans its QR lands back on the form", () => {
    expect(decide(loc('/EvaluationQuestionnaire', '?questionnaireId=3&courseSessionId=9'), none)).toEqual({
      kind: 'login',
      remember: '/EvaluationQuestionnaire?questionnaireId=3&courseSessionId=9',
    });
  });
  it('sends a token without a school to /wenxiang/userInfo unless already there', () => {
    expect(decide(loc('/MeInfo'), noSchool)).toEqual({ kind: 'redirect', to: '/wenxiang/userInfo' });
    expect(decide(loc('/wenxiang/userInfo'), noSchool)).toEqual({ kind: 'allow' });
    expect(decide(loc('/MeInfo'), member)).toEqual({ kind: 'allow' });
  });
  it('ignores a trailing slash and strips the base', () => {
    expect(decide(loc('/login/'), none)).toEqual({ kind: 'allow' });
    expect(appPath('/hxk/login', '/hxk/')).toBe('/login');
    expect(appPath('/hxk', '/hxk')).toBe('/');
  });
});
