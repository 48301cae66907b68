import type { FastifyRequest } from 'fastify';
import { normalizeLanguage, VALIDATION_MESSAGES, type TLanguage, type ValidationMessageKey } from '@hxk/contracts';

/** The `language` header wins over Accept-Language; anything unknown is English. */
export function requestLanguage(req: FastifyRequest): TLanguage {
  const explicit = req.headers['language'];
  if (typeof explicit === 'string' && explicit) return normalizeLanguage(explicit);
  return normalizeLanguage(req.headers['accept-language']);
}

const FIELD_NAMES: Record<string, Record<TLanguage, string>> = {
  account: { zh: '账号', en: 'Account', ja: 'アカウント' },
  password: { zh: '密码', en: 'Password', ja: 'パスワード' },
  phone: { zh: '手机号', en: 'Phone', ja: '電話番号' },
  code: { zh: '验证码', en: 'Code', ja: 'コード' },
  name: { zh: '姓名', en: 'Name', ja: '氏名' },
  email: { zh: '邮箱', en: 'E-mail', ja: 'メール' },
  oldPassword: { zh: '原密码', en: 'Old password', ja: '現在のパスワード' },
  newPassword: { zh: '新密码', en: 'New password', ja: '新しいパスワード' },
  confirmPassword: { zh: '确认密码', en: 'Confirmation', ja: '確認用パスワード' },
  schoolId: { zh: '学校', en: 'School', ja: '学校' },
};

export function fieldLabel(path: string, lang: TLanguage): string {
  const last = path.split('.').pop() ?? path;
  return FIELD_NAMES[last]?.[lang] ?? path;
}

/** Turns a zod issue message (a validation.* key or zod's own English text) into the user's language. */
export function validationText(message: string, lang: TLanguage): string {
  if (message in VALIDATION_MESSAGES) return VALIDATION_MESSAGES[message as ValidationMessageKey][lang];
  return VALIDATION_MESSAGES['validation.invalid'][lang];
}
