/**
 * A local double of an OpenAI-compatible speech-to-text service (`POST /v1/audio/transcriptions`),
 * loopback only, for tests: tests never reach a real service (RECIPES "Speech to text").
 *
 * It checks requests as OpenAI does: Bearer key (401 invalid_api_key), multipart/form-data with a
 * `file` part and a `model` field naming the model it serves (400 otherwise), `response_format`
 * json / text / verbose_json, and `timestamp_granularities[]` only with verbose_json. The multipart
 * body is read by the platform's own parser (undici's FormData, behind `Response.formData()`), not by
 * code shared with the adapter. It answers with the segments a test gives it, and can fail with any
 * status, answer slowly, answer too much, or answer something that is not JSON.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type DoubleSegment = { start: number; end: number; text: string };

export type RecordedTranscriptionRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** Every text field, in order, by name (timestamp_granularities[] may repeat). */
  fields: Record<string, string[]>;
  file: { filename: string; type: string; bytes: Buffer } | null;
};

type FormValue = string | { name: string; type: string; arrayBuffer(): Promise<ArrayBuffer> };

export function startTranscriptionDouble(service: { apiKey: string; model: string }) {
  const state = {
    segments: [] as DoubleSegment[],
    /** OpenAI names the language ("chinese"); set a code to play another server. */
    language: 'chinese',
    duration: 0,
    requests: [] as RecordedTranscriptionRequest[],
    /** Answer every request with this status (and an OpenAI-style error body). */
    failStatus: null as number | null,
    /** Wait this long before answering. */
    delayMs: 0,
    /** Pad the verbose_json reply with this many bytes (a field the adapter ignores). */
    padBytes: 0,
    /** Answer 200 with this body instead of the transcript. */
    rawReply: null as string | null,
  };
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, Buffer.concat(chunks)).then(({ status, type, body }) => {
        const send = () => {
          if (res.destroyed) return;
          res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
          res.end(body);
        };
        if (!state.delayMs) return send();
        const t = setTimeout(() => {
          timers.delete(t);
          send();
        }, state.delayMs);
        timers.add(t);
      });
    });
  });

  const json = (status: number, body: unknown) => ({ status, type: 'application/json', body: JSON.stringify(body) });
  const openAiError = (status: number, message: string, type: string, code: string | null, param: string | null = null) =>
    json(status, { error: { message, type, param, code } });

  async function handle(req: http.IncomingMessage, raw: Buffer): Promise<{ status: number; type: string; body: string }> {
    const url = new URL(req.url ?? '/', 'http://double');
    const record: RecordedTranscriptionRequest = {
      method: req.method ?? '',
      path: url.pathname,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      fields: {},
      file: null,
    };
    state.requests.push(record);
    if (url.pathname !== '/v1/audio/transcriptions' || req.method !== 'POST') return openAiError(404, 'Not found', 'invalid_request_error', null);
    if (req.headers.authorization !== `Bearer ${service.apiKey}`) return openAiError(401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    if (state.failStatus !== null) return openAiError(state.failStatus, 'The server had an error while processing your request.', 'server_error', null);

    let form: { entries(): IterableIterator<[string, FormValue]> };
    try {
      form = (await new Response(new Uint8Array(raw), { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData()) as unknown as typeof form;
    } catch {
      return openAiError(400, 'Could not parse multipart form', 'invalid_request_error', null);
    }
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') (record.fields[name] ??= []).push(value);
      else if (name === 'file') record.file = { filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
    }
    const field = (name: string) => record.fields[name]?.[0];
    if (!record.file) return openAiError(400, "1 validation error: 'file' field required", 'invalid_request_error', null, 'file');
    if (field('model') !== service.model) return openAiError(400, `Invalid model ${field('model') ?? ''}`, 'invalid_request_error', 'model_not_found', 'model');
    const format = field('response_format') ?? 'json';
    if (record.fields['timestamp_granularities[]'] && format !== 'verbose_json') {
      return openAiError(400, 'timestamp_granularities requires response_format=verbose_json', 'invalid_request_error', null, 'timestamp_granularities');
    }
    if (state.rawReply !== null) return { status: 200, type: 'application/json', body: state.rawReply };

    const text = state.segments.map((s) => s.text).join('');
    if (format === 'text') return { status: 200, type: 'text/plain', body: text };
    if (format === 'json') return json(200, { text });
    if (format !== 'verbose_json') return openAiError(400, `Invalid response_format ${format}`, 'invalid_request_error', null, 'response_format');
    return json(200, {
      task: 'transcribe',
      language: state.language,
      duration: state.duration,
      text,
      // Whisper's segments: a leading space in the text, and the decoder's figures beside it.
      segments: state.segments.map((s, id) => ({
        id,
        seek: 0,
        start: s.start,
        end: s.end,
        text: ` ${s.text}`,
        tokens: [],
        temperature: 0,
        avg_logprob: -0.2,
        compression_ratio: 1.2,
        no_speech_prob: 0.01,
      })),
      ...(state.padBytes ? { padding: 'x'.repeat(state.padBytes) } : {}),
    });
  }

  return {
    state,
    reset() {
      Object.assign(state, { segments: [], language: 'chinese', duration: 0, requests: [], failStatus: null, delayMs: 0, padBytes: 0, rawReply: null });
    },
    /** The base URL to configure, e.g. http://127.0.0.1:41234 (the adapter adds /v1/audio/transcriptions). */
    async listen(): Promise<string> {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
