/**
 * Speech to text for the classroom analysis (issue 15). No offline ASR installs on these machines
 * (RECIPES "Speech to text"), so transcripts come from an OpenAI-compatible
 * `POST /v1/audio/transcriptions` service, or from subtitles the recorder supplies
 * (modules/analysis/speech/subtitles.ts), both as the same timed segments.
 *
 * The service address may be set by a school, so every call goes through the guarded outbound client
 * (platform/outbound.ts): the API key is only sent to an address that passed the guard or the
 * operator's OUTBOUND_ALLOW_HOSTS. Failures are AppErrors with fixed keys, never the remote body.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { OutboundError, outboundFetch, type LookupAll } from '../outbound.ts';

/** One stretch of speech, in seconds from the start of the audio. */
export type TranscriptSegment = { start: number; end: number; text: string; speaker?: string };

export type Transcript = {
  /** As the service reports it: OpenAI answers a name ("chinese"), other servers a code ("zh"); null when absent. */
  language: string | null;
  /** Seconds of audio, when the service says. */
  duration: number | null;
  segments: TranscriptSegment[];
};

export type TranscriptionAudio = { data: Buffer; filename: string; contentType: string };

export type TranscribeOptions = {
  /** ISO-639-1 hint ("zh", "ja", "en"); the service detects the language without it. */
  language?: string;
};

export interface Transcriber {
  readonly name: 'openai' | 'none';
  /** False for the `none` adapter: the report then says "transcription is not configured". */
  readonly configured: boolean;
  transcribe(audio: TranscriptionAudio, opts?: TranscribeOptions): Promise<Transcript>;
}

export const TRANSCRIPTION_DEFAULTS = {
  /** OpenAI refuses uploads over 25 MB; longer lessons are cut into pieces before they come here. */
  maxAudioBytes: 25 * 1024 * 1024,
  /** verbose_json of an hour of speech is a few hundred kilobytes; far beyond is not a transcript. */
  maxReplyBytes: 8 * 1024 * 1024,
  /** For the whole exchange (upload, recognition, reply): a 25 MB file takes a minute or two. */
  timeoutMs: 5 * 60_000,
} as const;

const ZVerboseJson = z.object({
  language: z.string().nullish(),
  duration: z.number().nonnegative().nullish(),
  segments: z.array(
    z
      .object({ start: z.number().finite().nonnegative(), end: z.number().finite().nonnegative(), text: z.string() })
      .refine((s) => s.end >= s.start),
  ),
});

/** One fixed, localized message per kind of failure: never the remote body, never a socket detail. */
function transcriptionError(err: unknown): AppError {
  if (!(err instanceof OutboundError)) return new AppError('transcription.unreachable');
  switch (err.kind) {
    case 'invalidUrl':
    case 'blocked':
      return new AppError('transcription.blocked');
    case 'timeout':
      return new AppError('transcription.timeout');
    case 'tooLarge':
      return new AppError('transcription.replyTooLarge');
    case 'status':
      return err.status === 401 || err.status === 403 ? new AppError('transcription.auth') : new AppError('transcription.status', { status: err.status ?? 0 });
    case 'network':
      return new AppError('transcription.unreachable');
  }
}

/**
 * `{baseUrl}/v1/audio/transcriptions`. A base that already ends in /v1 (the OpenAI SDK's convention,
 * which operators copy) is not given a second one.
 */
export function transcriptionUrl(baseUrl: string): string {
  const base = baseUrl.trim().replace(/\/+$/, '');
  return `${/\/v1$/.test(base) ? base : `${base}/v1`}/audio/transcriptions`;
}

/** A multipart/form-data field name or file name inside a quoted header parameter. */
const quoted = (s: string) => s.replace(/[\r\n"]/g, (c) => encodeURIComponent(c));

export function multipartBody(fields: [string, string][], file: { field: string } & TranscriptionAudio): { body: Buffer; contentType: string } {
  // 24 random bytes: the boundary cannot plausibly occur inside the audio.
  const boundary = `----hxk${crypto.randomBytes(24).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value.replace(/[\r\n]/g, '')}\r\n`, 'utf8'));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(file.field)}"; filename="${quoted(file.filename)}"\r\nContent-Type: ${file.contentType.replace(/[\r\n]/g, '')}\r\n\r\n`,
      'utf8',
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export type OpenAiTranscriberOptions = {
  baseUrl: string;
  apiKey: string;
  /** "whisper-1" at OpenAI; whatever the compatible server serves elsewhere. */
  model: string;
  /** OUTBOUND_ALLOW_HOSTS, as the config holds it. */
  allowHosts: readonly string[];
  timeoutMs?: number;
  maxAudioBytes?: number;
  maxReplyBytes?: number;
  /** Test seam for the outbound client's DNS lookup. */
  lookup?: LookupAll;
};

/** As the upload limits are written elsewhere ("25MB"), with kilobytes for the small caps tests use. */
const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)}MB` : `${Math.ceil(bytes / 1024)}KB`);

export function openAiTranscriber(opts: OpenAiTranscriberOptions): Transcriber {
  const maxAudioBytes = opts.maxAudioBytes ?? TRANSCRIPTION_DEFAULTS.maxAudioBytes;
  return {
    name: 'openai',
    configured: true,
    async transcribe(audio, options = {}) {
      // Refused here rather than by the service: no point uploading what it will not take.
      if (audio.data.length > maxAudioBytes) throw new AppError('file.tooLarge', { limit: sizeText(maxAudioBytes) });
      const fields: [string, string][] = [
        ['model', opts.model],
        ['response_format', 'verbose_json'],
        ['timestamp_granularities[]', 'segment'],
      ];
      if (options.language) fields.push(['language', options.language]);
      const { body, contentType } = multipartBody(fields, { field: 'file', ...audio });
      let reply: unknown;
      try {
        const res = await outboundFetch(transcriptionUrl(opts.baseUrl), {
          method: 'POST',
          allowHosts: opts.allowHosts,
          headers: { authorization: `Bearer ${opts.apiKey}`, 'content-type': contentType, 'content-length': String(body.length), accept: 'application/json' },
          body,
          timeoutMs: opts.timeoutMs ?? TRANSCRIPTION_DEFAULTS.timeoutMs,
          maxBytes: opts.maxReplyBytes ?? TRANSCRIPTION_DEFAULTS.maxReplyBytes,
          // A redirect would re-send a 25 MB body to another address: a transcription API has no reason to.
          maxRedirects: 0,
          lookup: opts.lookup,
        });
        reply = JSON.parse(res.body.toString('utf8'));
      } catch (err) {
        if (err instanceof SyntaxError) throw new AppError('transcription.invalidReply');
        throw transcriptionError(err);
      }
      const parsed = ZVerboseJson.safeParse(reply);
      // Without segments there are no times, and every figure of the report must point at a moment.
      if (!parsed.success) throw new AppError('transcription.invalidReply');
      return {
        language: parsed.data.language ?? null,
        duration: parsed.data.duration ?? null,
        // Whisper starts each segment's text with a space; silence comes back as empty segments.
        segments: parsed.data.segments.flatMap((s) => {
          const text = s.text.trim();
          return text ? [{ start: s.start, end: s.end, text }] : [];
        }),
      };
    },
  };
}

/** No transcription service: analysis goes on without transcripts and the report says why. */
export function noTranscriber(): Transcriber {
  return {
    name: 'none',
    configured: false,
    async transcribe() {
      throw new AppError('transcription.notConfigured');
    },
  };
}

export type TranscriptionSettings = { baseUrl?: string | null; apiKey?: string | null; model?: string | null };

/** The adapter for a school's (or the operator's) settings: `none` unless address, key and model are all set. */
export function transcriberFor(settings: TranscriptionSettings | null | undefined, allowHosts: readonly string[]): Transcriber {
  const baseUrl = settings?.baseUrl?.trim();
  const apiKey = settings?.apiKey?.trim();
  const model = settings?.model?.trim();
  if (!baseUrl || !apiKey || !model) return noTranscriber();
  return openAiTranscriber({ baseUrl, apiKey, model, allowHosts });
}
