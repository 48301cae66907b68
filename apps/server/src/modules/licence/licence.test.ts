import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LICENCE_FEATURES, licensedPermissions, MENU_NODES, missingFeatureOf, unlicensedMenuKeys } from '@hxk/contracts';
import { AppError } from '../../platform/errors.ts';
import { publicKeyFrom, rawPublicKey, signLicence, VENDOR_PUBLIC_KEY, verifyLicence } from './licence-code.ts';
import { checkCapacity, checkReplacement, DEMO_TERMS, isLicensed, stateOf, termsOf } from './licence-rules.ts';
import { licencePayload } from './sign-cli.ts';

const vendor = crypto.generateKeyPairSync('ed25519');
const other = crypto.generateKeyPairSync('ed25519');
const NOW = new Date('2026-11-27T08:00:00Z');
const DAY = 86_400_000;
const payload = (days: number, extra: Partial<Parameters<typeof licencePayload>[0]> = {}) =>
  licencePayload({ licensee: 'Example University', deploymentId: 'AAAA-BBBB', schools: 2, classrooms: 40, issuedAt: NOW, expiresAt: new Date(NOW.getTime() + days * DAY), ...extra });
const keyOf = (e: unknown) => (e instanceof AppError ? e.key : String(e));
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return keyOf(e);
  }
  return 'accepted';
};

describe('licence codes', () => {
  it('a code the vendor signed opens with its public key, from base64 or PEM, also as a file with a comment and line breaks', () => {
    const p = payload(365);
    const code = signLicence(p, vendor.privateKey);
    expect(code).toMatch(/^HXK1\.[\w-]+\.[\w-]+$/);
    expect(verifyLicence(code, publicKeyFrom(rawPublicKey(vendor.publicKey))).payload).toEqual(p);
    const pem = vendor.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const file = `# hxk licence\n${code.slice(0, 40)}\n${code.slice(40)}\n`;
    expect(verifyLicence(file, publicKeyFrom(pem))).toEqual({ code, payload: p });
  });

  it('refuses another key, a changed payload, a changed signature and what is not a code', () => {
    const code = signLicence(payload(365), vendor.privateKey);
    const key = publicKeyFrom(rawPublicKey(vendor.publicKey));
    expect(refusal(() => verifyLicence(code, publicKeyFrom(rawPublicKey(other.publicKey))))).toBe('licence.badSignature');
    // The licensee gives itself more classrooms: the signature no longer holds.
    const [prefix, body, sig] = code.split('.') as [string, string, string];
    const raised = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), maxClassrooms: 40_000 })).toString('base64url');
    expect(refusal(() => verifyLicence(`${prefix}.${raised}.${sig}`, key))).toBe('licence.badSignature');
    // One bit of the signature flipped (not its base64 text: its last characters carry padding bits).
    const flipped = Buffer.from(sig, 'base64url');
    flipped[10] = flipped[10]! ^ 1;
    expect(refusal(() => verifyLicence(`${prefix}.${body}.${flipped.toString('base64url')}`, key))).toBe('licence.badSignature');
    // Signed by the vendor, but not a licence payload.
    const junkBody = `HXK1.${Buffer.from('{"v":2}').toString('base64url')}`;
    const junk = `${junkBody}.${crypto.sign(null, Buffer.from(junkBody), vendor.privateKey).toString('base64url')}`;
    expect(refusal(() => verifyLicence(junk, key))).toBe('licence.malformed');
    for (const text of ['', 'DEMO-LICENCE-2026', 'HXK1.abc', `HXK2.${body}.${sig}`]) expect(refusal(() => verifyLicence(text, key))).toBe('licence.malformed');
  });

  it('the key in the build is a valid Ed25519 public key', () => {
    expect(publicKeyFrom(VENDOR_PUBLIC_KEY).asymmetricKeyType).toBe('ed25519');
    expect(() => publicKeyFrom('c2hvcnQ=')).toThrow(/32 bytes/);
  });
});

describe('licence rules', () => {
  it('states: demo has no end; expiring in its last 30 days (a part day counts as one); expired (read-only) from its end on', () => {
    expect(stateOf(DEMO_TERMS, NOW)).toEqual({ state: 'demo', daysLeft: null, readOnly: false });
    const terms = (days: number) => termsOf(payload(days));
    expect(stateOf(terms(31), NOW)).toEqual({ state: 'active', daysLeft: 31, readOnly: false });
    expect(stateOf(terms(30.5), NOW)).toEqual({ state: 'active', daysLeft: 31, readOnly: false });
    expect(stateOf(terms(30), NOW)).toEqual({ state: 'expiring', daysLeft: 30, readOnly: false });
    expect(stateOf(terms(29.5), NOW)).toEqual({ state: 'expiring', daysLeft: 30, readOnly: false });
    expect(stateOf(terms(0.01), NOW)).toEqual({ state: 'expiring', daysLeft: 1, readOnly: false });
    expect(stateOf(terms(0), NOW)).toEqual({ state: 'expired', daysLeft: 0, readOnly: true });
    expect(stateOf(terms(-3), NOW)).toEqual({ state: 'expired', daysLeft: 0, readOnly: true });
  });

  it('a new licence must be for this deployment (or any), not over, and issued after the one in force', () => {
    const opts = { deploymentId: 'AAAA-BBBB', current: DEMO_TERMS, now: NOW };
    expect(refusal(() => checkReplacement(payload(365), opts))).toBe('accepted');
    expect(refusal(() => checkReplacement(payload(365, { deploymentId: null }), opts))).toBe('accepted');
    expect(refusal(() => checkReplacement(payload(365, { deploymentId: 'CCCC-DDDD' }), opts))).toBe('licence.otherDeployment');
    expect(refusal(() => checkReplacement(payload(-1), opts))).toBe('licence.alreadyExpired');
    const current = termsOf(payload(10));
    expect(refusal(() => checkReplacement(payload(400), { ...opts, current }))).toBe('licence.notNewer');
    expect(refusal(() => checkReplacement(payload(400, { issuedAt: new Date(NOW.getTime() - DAY) }), { ...opts, current }))).toBe('licence.notNewer');
    expect(refusal(() => checkReplacement(payload(400, { issuedAt: new Date(NOW.getTime() + 1000) }), { ...opts, current }))).toBe('accepted');
  });

  it('limits: one more school or classroom fits while fewer than the licence allows are in use', () => {
    const terms = termsOf(payload(365));
    expect(refusal(() => checkCapacity('schools', 1, terms))).toBe('accepted');
    expect(refusal(() => checkCapacity('schools', 2, terms))).toBe('licence.schoolLimit');
    expect(refusal(() => checkCapacity('classrooms', 39, terms))).toBe('accepted');
    expect(refusal(() => checkCapacity('classrooms', 40, terms))).toBe('licence.classroomLimit');
    expect(refusal(() => checkCapacity('classrooms', DEMO_TERMS.maxClassrooms, DEMO_TERMS))).toBe('licence.classroomLimit');
  });
});

describe('licence features and cameras', () => {
  it('cameras are limited only when the licence names a camera limit', () => {
    const plain = termsOf(payload(365));
    expect(plain.maxCameras).toBeNull();
    expect(refusal(() => checkCapacity('cameras', 1_000_000, plain))).toBe('accepted');
    const limited = termsOf({ ...payload(365), maxCameras: 8 });
    expect(refusal(() => checkCapacity('cameras', 7, limited))).toBe('accepted');
    expect(refusal(() => checkCapacity('cameras', 8, limited))).toBe('licence.cameraLimit');
    expect(DEMO_TERMS.maxCameras).toBeNull();
  });

  it('the demo terms and a licence naming every feature leave nothing off', () => {
    for (const f of LICENCE_FEATURES) expect(isLicensed(DEMO_TERMS, f)).toBe(true);
    expect(unlicensedMenuKeys(LICENCE_FEATURES).size).toBe(0);
    expect(isLicensed(termsOf(payload(365, { features: ['live'] })), 'ai')).toBe(false);
  });

  it('a feature off takes its groups with their screens and buttons; a screen two features bring stays while either is on', () => {
    const off = unlicensedMenuKeys(['ai', 'assistant', 'sso', 'statistics']);
    const patrol = MENU_NODES.filter((n) => n.key === 'patrol' || MENU_NODES.find((p) => p.menuId === n.parentId)?.key === 'patrol').map((n) => n.key);
    expect(patrol).toEqual(expect.arrayContaining(['patrol', 'SCADA', 'SCADARecording', 'LiveManagement']));
    for (const k of [...patrol, 'patrol:ptz', 'attendance:export', 'lessonPlans', 'lessonPlan', 'lessonPlanStatistics']) expect(off.has(k), k).toBe(true);
    for (const k of ['evaluation', 'Evaluate', 'statistics', 'threeRateStatistics', 'dataAnalysisReport', 'aiWarningSettings', 'userManagement', 'transcribeManagement', 'device:edit']) expect(off.has(k), k).toBe(false);
    expect(unlicensedMenuKeys(['assistant']).has('aiWarningSettings')).toBe(false);
    expect(unlicensedMenuKeys(['ai']).has('aiWarningSettings')).toBe(false);
    expect(unlicensedMenuKeys(['live']).has('aiWarningSettings')).toBe(true);
    // The data board sits among the statistics and is the AI's: it needs both.
    expect(unlicensedMenuKeys(['statistics']).has('dataAnalysisReport')).toBe(true);
    expect(unlicensedMenuKeys(['ai']).has('dataAnalysisReport')).toBe(true);
  });

  it('names the feature a key lacks, from the key or a group above it; none for a licensed key or the core', () => {
    expect(missingFeatureOf('lessonPlanManagement', ['live'])).toBe('lessonPlans');
    expect(missingFeatureOf('patrol:ptz', ['ai'])).toBe('live');
    expect(missingFeatureOf('dataAnalysisReport', ['statistics'])).toBe('ai');
    expect(missingFeatureOf('aiWarningSettings', ['live'])).toBe('ai');
    expect(missingFeatureOf('aiWarningSettings', ['assistant'])).toBeNull();
    expect(missingFeatureOf('lessonPlanManagement', ['lessonPlans'])).toBeNull();
    expect(missingFeatureOf('userManagement', [])).toBeNull();
    expect(missingFeatureOf('open', [])).toBeNull();
  });

  it("a person's permissions lose the keys left off, and a group none of whose screens is left", () => {
    const off = unlicensedMenuKeys(['lessonPlans']);
    expect(licensedPermissions(['settings', 'aiWarningSettings', 'patrol', 'SCADA', 'evaluation', 'Evaluate'], off)).toEqual(['evaluation', 'Evaluate']);
    expect(licensedPermissions(['settings', 'aiWarningSettings', 'roleManagement'], off)).toEqual(['settings', 'roleManagement']);
    expect(licensedPermissions(['patrol', 'SCADA'], new Set())).toEqual(['patrol', 'SCADA']);
  });
});
