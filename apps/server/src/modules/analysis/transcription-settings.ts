/**
 * The school's own speech-to-text service (issue 15: "configured for the deployment or per school").
 * A school that sets address, model and key together has its lessons transcribed there; otherwise
 * the deployment's service (TRANSCRIPTION_*) is used, or none. The key is sealed at rest
 * (platform/secret-box.ts), never returned, and only ever sent to the address it was saved with,
 * through the guarded outbound client (a school's address is checked on every call). The rules are
 * those of every school-set service (platform/school-service.ts).
 */
import type { TSaveTranscriptionSettings, TTranscriptionSettings, TTranscriptionTestResult } from '@hxk/contracts';
import type { Deps, MemberCtx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { chooseService, nextService, serviceView, type StoredService } from '../../platform/school-service.ts';
import { inSchool } from '../../platform/tenancy.ts';
import { transcriberFor, type Transcriber, type TranscriptionSettings } from '../../platform/adapters/transcription.ts';
import { saveGlobalSettings, settingsRow } from '../settings/settings.repo.ts';

async function stored(tx: Tx): Promise<StoredService> {
  const row = await settingsRow(tx);
  return { baseUrl: row?.transcriptionBaseUrl ?? null, model: row?.transcriptionModel ?? null, sealedKey: row?.transcriptionApiKey ?? null };
}

const complete = (s: TranscriptionSettings | null | undefined) => !!(s?.baseUrl?.trim() && s.apiKey?.trim() && s.model?.trim());

/** The service the school's analyses use now, with whose it is. */
function chosen(deps: Pick<Deps, 'config' | 'secrets'>, s: StoredService) {
  const deployment = deps.config.analysis.transcription;
  return chooseService<TranscriptionSettings>(deps.secrets, s, (own) => own, complete(deployment) ? deployment : null);
}

/** The transcriber an analysis of the school in `tx` uses (the analysis job). */
export async function schoolTranscriber(deps: Pick<Deps, 'config' | 'secrets'>, tx: Tx): Promise<Transcriber> {
  return transcriberFor(chosen(deps, await stored(tx)).settings, deps.config.outboundAllowHosts);
}

export async function transcriptionSettings(ctx: MemberCtx): Promise<TTranscriptionSettings> {
  const s = await inSchool(ctx, stored);
  return { ...serviceView(s), inUse: chosen(ctx.deps, s).service, deploymentConfigured: complete(ctx.deps.config.analysis.transcription) };
}

export async function saveTranscriptionSettings(ctx: MemberCtx, input: TSaveTranscriptionSettings): Promise<TTranscriptionSettings> {
  await inSchool(ctx, async (tx) => {
    const next = nextService(ctx.deps.secrets, await stored(tx), input, 'transcription.incomplete');
    await saveGlobalSettings(tx, ctx.auth.schoolId, { transcriptionBaseUrl: next.baseUrl, transcriptionModel: next.model, transcriptionApiKey: next.sealedKey, updatedAt: ctx.deps.now() });
  });
  return transcriptionSettings(ctx);
}

/** One second of 16 kHz mono silence as WAV: what a test sends (no one's voice leaves the school). */
export function silentWav(seconds = 1, rate = 16_000): Buffer {
  const samples = seconds * rate;
  const b = Buffer.alloc(44 + samples * 2);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(samples * 2, 40);
  return b;
}

/** Sends a second of silence to the service in use and reports that it answered with a timed transcript. */
export async function testTranscription(ctx: MemberCtx): Promise<TTranscriptionTestResult> {
  const s = await inSchool(ctx, stored);
  const { service, settings } = chosen(ctx.deps, s);
  if (service === 'none') throw new AppError('transcription.notConfigured');
  const started = Date.now();
  const t = await transcriberFor(settings, ctx.deps.config.outboundAllowHosts).transcribe({ data: silentWav(), filename: 'test.wav', contentType: 'audio/wav' });
  return { service, language: t.language, segments: t.segments.length, ms: Date.now() - started };
}
