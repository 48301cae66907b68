import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TLanguage } from '@hxk/contracts';
import { AppError } from './errors.ts';
import { fieldLabel, validationText } from './i18n.ts';

/**
 * Control characters no text field takes: C0 except tab, newline and carriage return, DEL, and C1.
 * PostgreSQL cannot store NUL in text or jsonb at all (it answered 500); the others only hide text.
 */
// eslint-disable-next-line no-control-regex
export const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Dotted paths (`items.0.name`) of every string, or object key, in a parsed body or query holding one. */
export function controlCharacterPaths(value: unknown, path = '', out: string[] = [], depth = 0): string[] {
  if (out.length >= 20 || depth > 64) return out;
  if (typeof value === 'string') {
    if (FORBIDDEN_CONTROL.test(value)) out.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => controlCharacterPaths(v, path ? `${path}.${i}` : String(i), out, depth + 1));
  } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [k, v] of Object.entries(value)) {
      const p = path ? `${path}.${k}` : k;
      if (FORBIDDEN_CONTROL.test(k)) out.push(p.replace(new RegExp(FORBIDDEN_CONTROL.source, 'g'), '?'));
      else controlCharacterPaths(v, p, out, depth + 1);
    }
  }
  return out;
}

function refusal(paths: string[], lang: TLanguage): AppError {
  const fields = paths.map((p) => ({ path: p, message: `${fieldLabel(p, lang)}${lang === 'en' ? ' ' : '：'}${validationText('validation.controlCharacter', lang)}` }));
  // The same envelope as a schema validation error: common.validation, the fields named.
  return new AppError('common.validation', { detail: fields.map((f) => f.message).join('; ') }, fields);
}

/**
 * Refuses control characters in every body, query and path parameter of every route before the
 * route's own schema runs (400 common.validation, field named, localized). Multipart bodies are
 * streamed by their route and checked by its own field schema.
 */
export function registerInputEdges(app: FastifyInstance): void {
  app.addHook('preValidation', async (req: FastifyRequest) => {
    const paths = [
      ...controlCharacterPaths(req.params),
      ...controlCharacterPaths(req.query),
      ...(req.isMultipart() ? [] : controlCharacterPaths(req.body)),
    ];
    if (paths.length) throw refusal(paths, req.lang ?? 'en');
  });
}
