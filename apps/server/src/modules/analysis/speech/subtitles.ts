/**
 * Subtitles a recorder supplies (WebVTT or SRT) as transcript segments, the same shape the
 * transcription adapter returns (platform/adapters/transcription.ts), so the rest of the speech
 * analysis does not care where a transcript came from.
 *
 * Tolerant of what recorders really write: a UTF-8 BOM, UTF-16 with a BOM, GBK/GB18030 (Chinese
 * recorders' default), CRLF or CR line ends, cue identifiers, VTT cue settings, NOTE / STYLE /
 * REGION blocks, multi-line cues, hours left out ("01:02.500"), a comma or a dot before the
 * milliseconds in either format, and markup (<i>, <c.x>, <font>, karaoke timestamps, ASS {\an8}).
 * A `<v Speaker>` voice tag gives the segment its speaker (the first one, when a cue has several).
 * Garbage is refused with the line it was found on: a block without a timing line, a timing that
 * cannot be read, an end before its start.
 */
import { AppError } from '../../../platform/errors.ts';
import type { TranscriptSegment } from '../../../platform/adapters/transcription.ts';

export type SubtitleFormat = 'vtt' | 'srt';

/** "hh:mm:ss.ttt", "mm:ss.ttt" (VTT without hours), "hh:mm:ss,ttt" (SRT); fraction optional. */
const TIMESTAMP = /^(?:(\d+):)?([0-5]?\d):([0-5]?\d)(?:[.,](\d{1,3}))?$/;

/** Seconds, to the millisecond, or null when the text is not a timestamp. */
export function parseTimestamp(text: string): number | null {
  const m = TIMESTAMP.exec(text.trim());
  if (!m) return null;
  const [, h, min, s, frac] = m;
  const ms = frac === undefined ? 0 : Number(frac.padEnd(3, '0'));
  return ((Number(h ?? 0) * 3600 + Number(min) * 60 + Number(s)) * 1000 + ms) / 1000;
}

/**
 * Text of a file as bytes: BOMs first, then strict UTF-8, then GB18030 (a superset of GBK, what
 * Chinese recorders and Excel write). Also for lexicon CSV files (sensitive-words-io.ts).
 */
export function decodeTextBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', lrm: '', rlm: '' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Scripts written without spaces: lines of one cue join without a space between two of these. */
const NO_SPACE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;

function joinLines(lines: string[]): string {
  let out = '';
  for (const line of lines) {
    if (!out) out = line;
    else out += NO_SPACE_SCRIPT.test(out.at(-1)!) && NO_SPACE_SCRIPT.test(line[0]!) ? line : ` ${line}`;
  }
  return out;
}

/** A cue's text without markup, and the speaker of its first voice tag. */
export function cueText(lines: string[]): { text: string; speaker: string | undefined } {
  let speaker: string | undefined;
  const clean = lines.flatMap((raw) => {
    const voice = /<v(?:\.[^\s>]*)?[ \t]+([^>]+)>/.exec(raw);
    if (voice && speaker === undefined) speaker = decodeEntities(voice[1]!).trim() || undefined;
    const line = decodeEntities(raw.replace(/<[^>]*>/g, '').replace(/\{\\[^}]*\}/g, ''))
      .replace(/\s+/g, ' ')
      .trim();
    return line ? [line] : [];
  });
  return { text: joinLines(clean), speaker };
}

type Block = { line: number; lines: string[] };

function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) {
      current = null;
      return;
    }
    if (!current) {
      current = { line: i + 1, lines: [] };
      blocks.push(current);
    }
    current.lines.push(line);
  });
  return blocks;
}

/**
 * Reads WebVTT or SRT. The format is WebVTT when the file starts with the WEBVTT header, else SRT;
 * both are read the same tolerant way. Cues whose text is empty once markup is gone are left out.
 */
export function parseSubtitles(input: string | Uint8Array): { format: SubtitleFormat; segments: TranscriptSegment[] } {
  const raw = typeof input === 'string' ? input : decodeTextBytes(input);
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  // NUL never occurs in a text file: this is a video, an image or an archive.
  if (text.includes('\0')) throw new AppError('subtitles.unrecognized');
  const format: SubtitleFormat = /^WEBVTT(?:[ \t].*)?$/.test(text.split('\n', 1)[0]!.trim()) ? 'vtt' : 'srt';
  const blocks = blocksOf(text);
  if (format === 'vtt') blocks.shift();

  const segments: TranscriptSegment[] = [];
  let cues = 0;
  for (const block of blocks) {
    if (format === 'vtt' && /^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block.lines[0]!)) continue;
    // The timing line is first, or second after a cue identifier (VTT) or the cue number (SRT).
    const at = block.lines.slice(0, 2).findIndex((l) => l.includes('-->'));
    if (at < 0) throw new AppError('subtitles.badCue', { line: block.line });
    const lineNo = block.line + at;
    const timing = /^\s*(\S+)\s*-->\s*(\S+)(?:\s.*)?$/.exec(block.lines[at]!);
    const start = timing ? parseTimestamp(timing[1]!) : null;
    const end = timing ? parseTimestamp(timing[2]!) : null;
    if (start === null || end === null) throw new AppError('subtitles.badCue', { line: lineNo });
    if (end < start) throw new AppError('subtitles.endBeforeStart', { line: lineNo });
    cues++;
    const { text: cue, speaker } = cueText(block.lines.slice(at + 1));
    if (cue) segments.push(speaker === undefined ? { start, end, text: cue } : { start, end, text: cue, speaker });
  }
  // A VTT header alone is a valid (silent) file; an SRT without a single cue is not a subtitle file.
  if (format === 'srt' && cues === 0) throw new AppError('subtitles.unrecognized');
  return { format, segments };
}
