/**
 * Sensitive words in classroom transcripts (issue 15), from a school's lexicon.
 *
 * Matching rules (the report states them as they are here):
 * - One Aho–Corasick automaton over the whole lexicon: a transcript is read once, whatever the
 *   lexicon's size, and every match is reported, overlapping and nested ones included ("暴力倾向"
 *   gives both 暴力 and 暴力倾向).
 * - Text and words are compared after NFKC and lower-casing, one character (with its combining
 *   marks) at a time: full-width and half-width forms are the same (ＡＢＣ = abc, ｶﾞ = ガ), so is case.
 *   Offsets and the matched text always refer to the transcript as written.
 * - Chinese and Japanese have no spaces between words, so a word written in those scripts matches
 *   anywhere. A word edge that is a Latin, Greek or Cyrillic letter or a digit only matches at a word
 *   boundary (not next to another such character): "ass" is not found in "class", and "damn" is not
 *   found in "damned" (list inflections in the lexicon). A Latin word next to Chinese text is found
 *   ("这个damn东西").
 * - A segment is one utterance, and a hit carries the times of its segment, so a word is matched
 *   within one segment: a word split across two segments is NOT found, by design (the split is a
 *   pause or a change of speaker, and joining would invent words across it).
 * - The context around a hit (N characters either side) does cross segment boundaries: the
 *   transcript's segments are read as one text joined by single spaces.
 * - When two lexicon entries are the same word after normalization, the more severe one is used.
 */
import type { TranscriptSegment } from '../../../platform/adapters/transcription.ts';

export const SEVERITIES = ['mild', 'moderate', 'severe'] as const;
export type Severity = (typeof SEVERITIES)[number];
export type LexiconEntry = { word: string; category: string; severity: Severity };

/** A match inside one text, in code points of the text as written. */
export type TextMatch = { entry: LexiconEntry; offset: number; length: number; matched: string };

export type SensitiveHit = {
  /** The lexicon's word, as the lexicon writes it. */
  word: string;
  category: string;
  severity: Severity;
  /** The words as the transcript writes them (may differ from `word` in case or width). */
  matched: string;
  segmentIndex: number;
  /** Seconds: the segment's start and end. */
  start: number;
  end: number;
  speaker?: string;
  /** Code points into the segment's text. */
  offset: number;
  length: number;
  /** Up to `context` characters before and after the match, across segment boundaries. */
  before: string;
  after: string;
};

export const SENSITIVE_CONTEXT_DEFAULT = 20;

/** A character with the combining marks that follow it (half-width kana voicing marks included). */
const UNIT = /\P{M}[\p{M}\uFF9E\uFF9F]*|[\p{M}\uFF9E\uFF9F]+/gu;

/**
 * The text as the matcher compares it, with, for every compared code point, the range of code points
 * of the original text it came from.
 */
export function normalizeForMatching(text: string): { points: number[]; from: number[]; to: number[]; original: string[] } {
  const original: string[] = [];
  const points: number[] = [];
  const from: number[] = [];
  const to: number[] = [];
  for (const unit of text.match(UNIT) ?? []) {
    const start = original.length;
    original.push(...Array.from(unit));
    for (const ch of unit.normalize('NFKC').toLowerCase()) {
      points.push(ch.codePointAt(0)!);
      from.push(start);
      to.push(original.length);
    }
  }
  return { points, from, to, original };
}

/** Characters of scripts written with spaces between words: a word edge of these needs a boundary. */
const SPACED = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Nd}]/u;
const isSpaced = (cp: number | undefined) => cp !== undefined && SPACED.test(String.fromCodePoint(cp));

const RANK: Record<Severity, number> = { mild: 0, moderate: 1, severe: 2 };

export interface SensitiveMatcher {
  /** Distinct words after normalization. */
  readonly size: number;
  findInText(text: string): TextMatch[];
  findInTranscript(segments: readonly TranscriptSegment[], opts?: { context?: number }): SensitiveHit[];
}

export function buildSensitiveMatcher(entries: readonly LexiconEntry[]): SensitiveMatcher {
  // The automaton: goto edges, failure links, and at each node the patterns that end there
  // (its own and those of its failure chain, merged once here rather than walked per match).
  const next: Map<number, number>[] = [new Map()];
  const fail: number[] = [0];
  const out: number[][] = [[]];
  const patterns: { entry: LexiconEntry; points: number[] }[] = [];
  const byKey = new Map<string, number>();

  for (const entry of entries) {
    const { points } = normalizeForMatching(entry.word.trim());
    if (!points.length) continue;
    const key = String.fromCodePoint(...points);
    const seen = byKey.get(key);
    if (seen !== undefined) {
      if (RANK[entry.severity] > RANK[patterns[seen]!.entry.severity]) patterns[seen]!.entry = entry;
      continue;
    }
    byKey.set(key, patterns.length);
    patterns.push({ entry, points });
    let node = 0;
    for (const cp of points) {
      let child = next[node]!.get(cp);
      if (child === undefined) {
        child = next.length;
        next.push(new Map());
        fail.push(0);
        out.push([]);
        next[node]!.set(cp, child);
      }
      node = child;
    }
    out[node]!.push(patterns.length - 1);
  }

  const queue: number[] = [...next[0]!.values()];
  for (let qi = 0; qi < queue.length; qi++) {
    const node = queue[qi]!;
    for (const [cp, child] of next[node]!) {
      let f = fail[node]!;
      while (f !== 0 && !next[f]!.has(cp)) f = fail[f]!;
      const target = next[f]!.get(cp);
      fail[child] = target !== undefined && target !== child ? target : 0;
      out[child]!.push(...out[fail[child]!]!);
      queue.push(child);
    }
  }

  function findInText(text: string): TextMatch[] {
    const n = normalizeForMatching(text);
    const found: TextMatch[] = [];
    let node = 0;
    n.points.forEach((cp, i) => {
      while (node !== 0 && !next[node]!.has(cp)) node = fail[node]!;
      node = next[node]!.get(cp) ?? 0;
      for (const id of out[node]!) {
        const { entry, points } = patterns[id]!;
        const first = i - points.length + 1;
        if (isSpaced(points[0]) && isSpaced(n.points[first - 1])) continue;
        if (isSpaced(points.at(-1)) && isSpaced(n.points[i + 1])) continue;
        // A normalized match may begin or end inside one original character (㍻ is 平成): the hit
        // covers the whole character.
        const offset = n.from[first]!;
        const end = n.to[i]!;
        found.push({ entry, offset, length: end - offset, matched: n.original.slice(offset, end).join('') });
      }
    });
    return found.sort((a, b) => a.offset - b.offset || b.length - a.length);
  }

  function findInTranscript(segments: readonly TranscriptSegment[], opts: { context?: number } = {}): SensitiveHit[] {
    const context = opts.context ?? SENSITIVE_CONTEXT_DEFAULT;
    // The whole transcript as one text, to take context from across segment boundaries.
    const doc: string[] = [];
    const hits: SensitiveHit[] = [];
    const starts = segments.map((s, i) => {
      if (i > 0) doc.push(' ');
      const at = doc.length;
      doc.push(...Array.from(s.text));
      return at;
    });
    segments.forEach((segment, segmentIndex) => {
      for (const m of findInText(segment.text)) {
        const at = starts[segmentIndex]! + m.offset;
        hits.push({
          word: m.entry.word,
          category: m.entry.category,
          severity: m.entry.severity,
          matched: m.matched,
          segmentIndex,
          start: segment.start,
          end: segment.end,
          ...(segment.speaker === undefined ? {} : { speaker: segment.speaker }),
          offset: m.offset,
          length: m.length,
          before: doc.slice(Math.max(0, at - context), at).join(''),
          after: doc.slice(at + m.length, at + m.length + context).join(''),
        });
      }
    });
    return hits;
  }

  return { size: patterns.length, findInText, findInTranscript };
}

// ---------------------------------------------------------------------------------------------
// Speech rate

export type SpeechRate = {
  /** Han, hiragana and katakana characters (and the long-vowel mark ー), each counted. */
  chars: number;
  /** Runs of letters and digits of other scripts (Latin...), inner ' and - kept: "don't" is one word. */
  words: number;
  /** Speaking time: the union of the segments that hold anything counted (pauses between them excluded). */
  seconds: number;
  charsPerMinute: number | null;
  wordsPerMinute: number | null;
  /** The measure for this transcript: characters per minute when it has at least as many CJK
   * characters as words (Chinese, Japanese), else words per minute (English); null when silent. */
  unit: 'charsPerMinute' | 'wordsPerMinute' | null;
  rate: number | null;
};

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30FC]/gu;
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/**
 * Speaking speed of a transcript. Both counts are taken over the same speaking time, so in a Chinese
 * lesson with a few English terms the character rate is the one to read (and `unit` says so).
 * Punctuation and spaces are not counted. Text is NFKC-normalized first (half-width katakana count as
 * one character each, full-width Latin as words).
 */
export function speechRate(segments: readonly TranscriptSegment[]): SpeechRate {
  let chars = 0;
  let words = 0;
  const spans: [number, number][] = [];
  for (const s of segments) {
    const text = s.text.normalize('NFKC');
    const c = text.match(CJK_CHAR)?.length ?? 0;
    const w = text.replace(CJK_CHAR, ' ').match(WORD)?.length ?? 0;
    chars += c;
    words += w;
    if (c + w > 0 && s.end > s.start) spans.push([s.start, s.end]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  let seconds = 0;
  let open: [number, number] | null = null;
  for (const span of spans) {
    if (open && span[0] <= open[1]) open[1] = Math.max(open[1], span[1]);
    else {
      if (open) seconds += open[1] - open[0];
      open = [span[0], span[1]];
    }
  }
  if (open) seconds += open[1] - open[0];
  const perMinute = (count: number) => (seconds > 0 ? (count * 60) / seconds : null);
  const unit = chars + words === 0 || seconds === 0 ? null : chars >= words ? 'charsPerMinute' : 'wordsPerMinute';
  const charsPerMinute = perMinute(chars);
  const wordsPerMinute = perMinute(words);
  return { chars, words, seconds, charsPerMinute, wordsPerMinute, unit, rate: unit === null ? null : unit === 'charsPerMinute' ? charsPerMinute : wordsPerMinute };
}
