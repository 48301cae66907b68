import { describe, expect, it } from 'vitest';
import { viewTarget } from './view-target.ts';

const q = (s: string) => new URLSearchParams(s);
const visitor = { signedIn: false, schoolId: null };
const member = { signedIn: true, schoolId: '7' };

describe('what a viewer address opens', () => {
  it('opens a share by school and code, signed in or not', () => {
    expect(viewTarget(q('school=7&share=abcdefghijklmnop'), visitor)).toEqual({ kind: 'share', schoolId: '7', code: 'abcdefghijklmnop' });
    expect(viewTarget(q('school=7&share=abcdefghijklmnop'), member)).toEqual({ kind: 'share', schoolId: '7', code: 'abcdefghijklmnop' });
  });
  it('opens a lesson of my school as a member, another school\'s or a visitor\'s through the open link', () => {
    expect(viewTarget(q('id=12'), member)).toEqual({ kind: 'member', lessonId: '12' });
    expect(viewTarget(q('school=7&id=12'), member)).toEqual({ kind: 'member', lessonId: '12' });
    expect(viewTarget(q('school=8&id=12'), member)).toEqual({ kind: 'open', schoolId: '8', lessonId: '12' });
    expect(viewTarget(q('school=7&id=12'), visitor)).toEqual({ kind: 'open', schoolId: '7', lessonId: '12' });
  });
  it('refuses incomplete or malformed addresses', () => {
    expect(viewTarget(q('id=12'), visitor)).toBeNull();
    expect(viewTarget(q('school=7'), visitor)).toBeNull();
    expect(viewTarget(q('school=x&id=12'), visitor)).toBeNull();
    expect(viewTarget(q('school=7&id=0'), visitor)).toBeNull();
    expect(viewTarget(q('school=x&share=abcdefghijklmnop'), visitor)).toBeNull();
  });
});
