/**
 * A school's own OpenAI-compatible service — its address, model and API key — set by its
 * administrator instead of the deployment's: the speech-to-text service of the analyses
 * (modules/analysis/transcription-settings.ts) and the assistant's language model
 * (modules/assistant/provider.ts) follow the same rules, kept here once:
 *
 * - address, model and key are set together, or all cleared (then the deployment's is used);
 * - the key is sealed at rest (platform/secret-box.ts) and never returned, only whether one is set;
 * - a key goes only to the address it was given with: a changed address needs the key again;
 * - a key sealed under another SECRETS_KEY cannot be opened: the deployment's service is used until
 *   the school enters it again.
 */
import type { ErrorKey } from '@hxk/contracts';
import { AppError } from './errors.ts';
import type { SecretBox } from './secret-box.ts';

export type StoredService = { baseUrl: string | null; model: string | null; sealedKey: string | null };
export type OwnService = { baseUrl: string; model: string; apiKey: string };
export type ServiceInUse = 'school' | 'deployment' | 'none';
/** apiKey: a new key, null to remove the stored one, undefined to keep it. */
export type ServiceInput = { baseUrl: string | null; model: string | null; apiKey?: string | null | undefined };

/** The service in use now: the school's when complete and its key opens, else the deployment's, else none. */
export function chooseService<T>(secrets: SecretBox, s: StoredService, own: (o: OwnService) => T, deployment: T | null): { service: ServiceInUse; settings: T | null } {
  if (s.baseUrl && s.model && s.sealedKey) {
    const apiKey = secrets.open(s.sealedKey);
    if (apiKey) return { service: 'school', settings: own({ baseUrl: s.baseUrl, model: s.model, apiKey }) };
  }
  return deployment ? { service: 'deployment', settings: deployment } : { service: 'none', settings: null };
}

/** What is stored after a save, or the error `incomplete` (a partial service, or a new address without its key). */
export function nextService(secrets: SecretBox, before: StoredService, input: ServiceInput, incomplete: ErrorKey): StoredService {
  const sealedKey = input.apiKey === undefined ? before.sealedKey : input.apiKey === null ? null : secrets.seal(input.apiKey);
  const cleared = input.baseUrl === null && input.model === null && sealedKey === null;
  if (cleared) return { baseUrl: null, model: null, sealedKey: null };
  if (input.baseUrl === null || input.model === null || sealedKey === null) throw new AppError(incomplete);
  // A key goes only to the address it was given with: a new address needs the key again.
  if (input.apiKey === undefined && input.baseUrl !== before.baseUrl) throw new AppError(incomplete);
  return { baseUrl: input.baseUrl, model: input.model, sealedKey };
}

/** What the administrator reads: never the key, only whether one is stored. */
export function serviceView(s: StoredService): { baseUrl: string | null; model: string | null; apiKeySet: boolean } {
  return { baseUrl: s.baseUrl, model: s.model, apiKeySet: s.sealedKey !== null };
}
