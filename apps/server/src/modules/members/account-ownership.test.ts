import { describe, expect, it } from 'vitest';
import { schoolOwnsAccount, type MembershipFact } from './account-ownership.ts';

const A = '1';
const B = '2';
const m = (schoolId: string, status: string): MembershipFact => ({ schoolId, status });

describe('schoolOwnsAccount: a school may change an account only when every membership is in that school', () => {
  it('an account with no membership belongs to no school', () => {
    expect(schoolOwnsAccount([], A)).toBe(false);
  });

  it.each(['approved', 'pending', 'disabled', 'rejected'])('only this school, %s: the school owns it', (status) => {
    expect(schoolOwnsAccount([m(A, status)], A)).toBe(true);
  });

  it.each(['approved', 'pending', 'disabled', 'rejected'])('only another school, %s: not this school', (status) => {
    expect(schoolOwnsAccount([m(B, status)], A)).toBe(false);
    expect(schoolOwnsAccount([m(B, status)], B)).toBe(true);
  });

  it.each([
    ['approved here, approved elsewhere', [m(A, 'approved'), m(B, 'approved')]],
    ['approved here, pending elsewhere', [m(A, 'approved'), m(B, 'pending')]],
    ['approved here, disabled elsewhere', [m(A, 'approved'), m(B, 'disabled')]],
    ['disabled here, rejected elsewhere', [m(A, 'disabled'), m(B, 'rejected')]],
    ['pending here, approved elsewhere', [m(A, 'pending'), m(B, 'approved')]],
  ] as const)('mixed (%s): neither school', (_, ms) => {
    expect(schoolOwnsAccount(ms, A)).toBe(false);
    expect(schoolOwnsAccount(ms, B)).toBe(false);
  });

  it('an invitation is not a membership: it neither gives nor takes ownership', () => {
    expect(schoolOwnsAccount([m(A, 'invited')], A)).toBe(false);
    expect(schoolOwnsAccount([m(A, 'approved'), m(B, 'invited')], A)).toBe(true);
    expect(schoolOwnsAccount([m(A, 'invited'), m(B, 'approved')], A)).toBe(false);
    expect(schoolOwnsAccount([m(A, 'invited'), m(B, 'invited')], A)).toBe(false);
  });

  it('several memberships, all in this school (a repeated row cannot hide another school)', () => {
    expect(schoolOwnsAccount([m(A, 'approved'), m(A, 'disabled')], A)).toBe(true);
    expect(schoolOwnsAccount([m(A, 'approved'), m(A, 'approved'), m(B, 'pending')], A)).toBe(false);
  });
});
