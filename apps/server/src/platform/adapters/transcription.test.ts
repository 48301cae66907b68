import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { noTranscriber, openAiTranscriber, transcriberFor, transcriptionUrl, type OpenAiTranscriberOptions } from './transcription.ts';
import { startTranscriptionDouble } from '../../test/transcription-double.ts';

const API_KEY = 'sk-test-0123456789';
const MODEL = 'whisper-1';

/** Rejects with the AppError a call throws, so tests can look at its key and params. */
const appError = async (p: Promise<unknown>): Promise<AppError> => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

// Bytes that look like multipart syntax inside the audio: CRLFs and dashes must not end the part.
const audioBytes = Buffer.concat([Buffer.from('RIFF\r\n--\r\n\r\n--boundary\r\n'), crypto.randomBytes(4096)]);
const audio = { data: audioBytes, filename: 'lesson-42.wav', contentType: 'audio/wav' };

describe('openAiTranscriber against a local OpenAI-compatible double', () => {
  const double = startTranscriptionDouble({ apiKey: API_KEY, model: MODEL });
  let baseUrl = '';
  let port = 0;

  beforeAll(async () => {
    baseUrl = await double.listen();
    port = Number(new URL(baseUrl).port);
  });
  afterAll(() => double.close());
  beforeEach(() => double.reset());

  // The double is on loopback: admitted by the operator's allow list, exactly as a test deployment would.
  const transcriber = (over: Partial<OpenAiTranscriberOptions> = {}) =>
    openAiTranscriber({ baseUrl, apiKey: API_KEY, model: MODEL, allowHosts: [`127.0.0.1:${port}`], ...over });

  it('posts multipart verbose_json with segment timestamps and returns the timed segments', async () => {
    double.state.segments = [
      { start: 0, end: 4.2, text: '同学们好，今天我们讲函数。' },
      { start: 4.2, end: 9.75, text: '请大家翻到第三十页。' },
    ];
    double.state.duration = 9.75;
    const transcript = await transcriber().transcribe(audio, { language: 'zh' });

    expect(transcript).toEqual({
      language: 'chinese',
      duration: 9.75,
      segments: [
        { start: 0, end: 4.2, text: '同学们好，今天我们讲函数。' },
        { start: 4.2, end: 9.75, text: '请大家翻到第三十页。' },
      ],
    });
    expect(double.state.requests).toHaveLength(1);
    const req = double.state.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/audio/transcriptions');
    expect(req.authorization).toBe(`Bearer ${API_KEY}`);
    expect(req.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.fields).toEqual({ model: [MODEL], response_format: ['verbose_json'], 'timestamp_granularities[]': ['segment'], language: ['zh'] });
    expect(req.file?.filename).toBe('lesson-42.wav');
    expect(req.file?.type).toBe('audio/wav');
    expect(req.file?.bytes.equals(audioBytes)).toBe(true);
  });

  it('sends no language when none is given, drops empty segments and keeps a language code as given', async () => {
    double.state.segments = [
      { start: 0, end: 1, text: 'Good morning.' },
      { start: 1, end: 3, text: '   ' },
      { start: 3, end: 5, text: 'Open your books.' },
    ];
    double.state.language = 'en';
    const transcript = await transcriber().transcribe(audio);
    expect(double.state.requests[0]!.fields.language).toBeUndefined();
    expect(transcript.language).toBe('en');
    expect(transcript.segments.map((s) => s.text)).toEqual(['Good morning.', 'Open your books.']);
  });

  it('accepts a base URL that already ends in /v1 (the SDK convention) without doubling it', async () => {
    expect(transcriptionUrl('https://api.openai.com/v1/')).toBe('https://api.openai.com/v1/audio/transcriptions');
    expect(transcriptionUrl('https://asr.example.edu.cn/openai')).toBe('https://asr.example.edu.cn/openai/v1/audio/transcriptions');
    await transcriber({ baseUrl: `${baseUrl}/v1` }).transcribe(audio);
    expect(double.state.requests[0]!.path).toBe('/v1/audio/transcriptions');
  });

  it('keeps a hostile file name from breaking the multipart body', async () => {
    double.state.segments = [{ start: 0, end: 1, text: 'ok' }];
    await transcriber().transcribe({ ...audio, filename: 'a"\r\nContent-Type: text/html\r\n\r\nx.wav' });
    const req = double.state.requests[0]!;
    expect(req.file?.type).toBe('audio/wav');
    expect(req.file?.bytes.equals(audioBytes)).toBe(true);
    expect(req.fields.model).toEqual([MODEL]);
  });

  it('maps a refused key to transcription.auth', async () => {
    const err = await appError(transcriber({ apiKey: 'sk-wrong' }).transcribe(audio));
    expect(err.key).toBe('transcription.auth');
    expect(double.state.requests[0]!.authorization).toBe('Bearer sk-wrong');
  });

  it('maps an unknown model to transcription.status with the status, never the remote message', async () => {
    const err = await appError(transcriber({ model: 'whisper-9' }).transcribe(audio));
    expect(err.key).toBe('transcription.status');
    expect(err.params).toEqual({ status: 400 });
    expect(err.message).not.toMatch(/Invalid model/);
  });

  it('maps a server error to transcription.status 500', async () => {
    double.state.failStatus = 500;
    const err = await appError(transcriber().transcribe(audio));
    expect(err.key).toBe('transcription.status');
    expect(err.params).toEqual({ status: 500 });
    expect(JSON.stringify(err)).not.toMatch(/server had an error/);
  });

  it('gives up after its timeout on a slow service', async () => {
    double.state.segments = [{ start: 0, end: 1, text: 'late' }];
    double.state.delayMs = 2_000;
    const started = Date.now();
    const err = await appError(transcriber({ timeoutMs: 300 }).transcribe(audio));
    expect(err.key).toBe('transcription.timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('refuses a reply larger than its cap', async () => {
    double.state.segments = [{ start: 0, end: 1, text: 'x' }];
    double.state.padBytes = 64 * 1024;
    const err = await appError(transcriber({ maxReplyBytes: 16 * 1024 }).transcribe(audio));
    expect(err.key).toBe('transcription.replyTooLarge');
    // The same reply within the cap is read.
    await expect(transcriber({ maxReplyBytes: 128 * 1024 }).transcribe(audio)).resolves.toMatchObject({ segments: [{ text: 'x' }] });
  });

  it('refuses audio over its cap before sending anything', async () => {
    const err = await appError(transcriber({ maxAudioBytes: 1024 }).transcribe(audio));
    expect(err.key).toBe('file.tooLarge');
    expect(err.params).toEqual({ limit: '1KB' });
    expect(double.state.requests).toHaveLength(0);
  });

  it.each([
    ['not JSON', 'Internal <b>error</b>'],
    ['JSON without segments (a plain json reply)', JSON.stringify({ text: 'hello' })],
    ['a segment ending before it starts', JSON.stringify({ language: 'en', segments: [{ start: 5, end: 2, text: 'x' }] })],
    ['a segment without times', JSON.stringify({ language: 'en', segments: [{ text: 'x' }] })],
  ])('maps %s to transcription.invalidReply', async (_what, body) => {
    double.state.rawReply = body;
    expect((await appError(transcriber().transcribe(audio))).key).toBe('transcription.invalidReply');
  });

  it('refuses the loopback double itself when the operator has not allowed it, and sends nothing', async () => {
    const err = await appError(transcriber({ allowHosts: [] }).transcribe(audio));
    expect(err.key).toBe('transcription.blocked');
    expect(double.state.requests).toHaveLength(0);
  });

  it('refuses a school-set name that resolves to a private or metadata address', async () => {
    const lookupTo = (address: string) => async () => [{ address, family: 4 }];
    for (const address of ['10.20.30.40', '192.168.1.9', '169.254.169.254']) {
      const err = await appError(transcriber({ baseUrl: 'https://asr.school.example', lookup: lookupTo(address), allowHosts: [] }).transcribe(audio));
      expect(err.key, address).toBe('transcription.blocked');
    }
    // Metadata stays refused even when the operator lists the whole link-local range.
    const err = await appError(transcriber({ baseUrl: 'http://169.254.169.254', allowHosts: ['169.254.0.0/16'] }).transcribe(audio));
    expect(err.key).toBe('transcription.blocked');
  });

  it('refuses a base URL that is not http(s) or carries credentials', async () => {
    for (const url of ['ftp://asr.example.com', `http://user:pass@127.0.0.1:${port}`, 'not a url']) {
      expect((await appError(transcriber({ baseUrl: url }).transcribe(audio))).key, url).toBe('transcription.blocked');
    }
    expect(double.state.requests).toHaveLength(0);
  });

  it('maps a closed port to transcription.unreachable', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = await appError(transcriber({ baseUrl: `http://127.0.0.1:${closedPort}`, allowHosts: ['127.0.0.1'] }).transcribe(audio));
    expect(err.key).toBe('transcription.unreachable');
  });
});

describe('the none adapter', () => {
  it('says transcription is not configured', async () => {
    const t = noTranscriber();
    expect(t.configured).toBe(false);
    expect(t.name).toBe('none');
    expect((await appError(t.transcribe(audio))).key).toBe('transcription.notConfigured');
  });

  it('is what incomplete settings give', () => {
    expect(transcriberFor(null, []).name).toBe('none');
    expect(transcriberFor({ baseUrl: 'https://api.openai.com', apiKey: ' ', model: MODEL }, []).name).toBe('none');
    expect(transcriberFor({ baseUrl: 'https://api.openai.com', apiKey: API_KEY, model: null }, []).name).toBe('none');
    const t = transcriberFor({ baseUrl: 'https://api.openai.com', apiKey: API_KEY, model: MODEL }, []);
    expect([t.name, t.configured]).toEqual(['openai', true]);
  });
});
