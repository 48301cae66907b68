import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import en from '../../../locales/en/notifications.json';
import zh from '../../../locales/zh/notifications.json';
import ja from '../../../locales/ja/notifications.json';
import { NOTIFICATION_KINDS } from '@hxk/contracts/notifications';
import { notificationText, relativeTime, shortDate } from './notification-text.ts';

const i18n = i18next.createInstance();
await i18n.init({ lng: 'en', resources: { en: { notifications: en }, zh: { notifications: zh }, ja: { notifications: ja } }, interpolation: { escapeValue: false } });

const params = { course: 'Physics', collection: 'Physics plans', count: 2, deadline: '2026-03-10 18:00', level: 1, date: '2026-03-04', sessions: '3-4', inviter: 'Wang', invitee: 'Li', reason: 'I teach then', score: 82, scoreAfter: 88, fullScore: 100, teacher: 'Zhao', handler: 'Qian' };

describe('notification text', () => {
  it('has a sentence for every kind in every language, with no placeholder left', () => {
    for (const lng of ['en', 'zh', 'ja'] as const) {
      const t = i18n.getFixedT(lng);
      for (const kind of NOTIFICATION_KINDS) {
        const text = notificationText(t, { kind, params }, lng);
        expect(text, `${lng} ${kind}`).not.toMatch(/\{\{|kind\./);
        expect(text, `${lng} ${kind}`).toContain('Physics');
      }
    }
  });

  it('fills the names and numbers the kind needs', () => {
    const t = i18n.getFixedT('en');
    expect(notificationText(t, { kind: 'invitation.new', params }, 'en')).toContain('Wang');
    expect(notificationText(t, { kind: 'invitation.rejected', params }, 'en')).toContain('I teach then');
    expect(notificationText(t, { kind: 'appeal.resolved', params }, 'en')).toContain('88');
    expect(notificationText(t, { kind: 'evaluation.received', params }, 'en')).toMatch(/82.*100/);
  });

  it('reads a missing param as a dash', () => {
    const t = i18n.getFixedT('en');
    const text = notificationText(t, { kind: 'invitation.new', params: { course: 'Physics' } }, 'en');
    expect(text).toContain('—');
    expect(text).not.toContain('{{');
  });

  it('shows a lesson date with its weekday and leaves other values alone', () => {
    expect(shortDate('2026-03-04', 'en')).toMatch(/Mar 4/);
    expect(shortDate('2026-03-04', 'en')).toMatch(/Wed/);
    expect(shortDate('next week', 'en')).toBe('next week');
  });
});

describe('relative time', () => {
  const now = Date.parse('2026-03-04T10:00:00Z');
  it('says now, minutes, hours and days ago, then the date', () => {
    expect(relativeTime('2026-03-04T09:59:50Z', now, 'en')).toBe('now');
    expect(relativeTime('2026-03-04T09:57:00Z', now, 'en')).toBe('3 minutes ago');
    expect(relativeTime('2026-03-04T07:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(relativeTime('2026-03-03T10:00:00Z', now, 'en')).toBe('yesterday');
    expect(relativeTime('2026-02-01T10:00:00Z', now, 'en')).toMatch(/Feb 1, 2026/);
    expect(relativeTime('2026-03-04T09:57:00Z', now, 'zh')).toBe('3分钟前');
    expect(relativeTime('2026-03-04T10:02:00Z', now, 'en')).toBe('now');
    expect(relativeTime('bad', now, 'en')).toBe('');
  });
});

describe('notification links', async () => {
  const { appLink } = await import('./app-link.ts');
  it('gives app paths without the base, and nothing for other sites', () => {
    expect(appLink('/hxk/InviteMeToListen?tab=sent', '/hxk/')).toBe('/InviteMeToListen?tab=sent');
    expect(appLink('/InviteMeToListen?tab=received', '/hxk/')).toBe('/InviteMeToListen?tab=received');
    expect(appLink('/hxkother/x', '/hxk/')).toBe('/hxkother/x');
    expect(appLink('/hxk', '/hxk/')).toBe('/');
    expect(appLink('//evil.example/x', '/hxk/')).toBeNull();
    expect(appLink('https://evil.example/', '/hxk/')).toBeNull();
    expect(appLink('javascript:alert(1)', '/hxk/')).toBeNull();
    expect(appLink(null, '/hxk/')).toBeNull();
  });
});
