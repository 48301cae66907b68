import { describe, expect, it } from 'vitest';
import { buildSensitiveMatcher, normalizeForMatching, speechRate, type LexiconEntry } from './sensitive-words.ts';

const e = (word: string, category: string, severity: LexiconEntry['severity']): LexiconEntry => ({ word, category, severity });
const seg = (start: number, end: number, text: string, speaker?: string) => (speaker === undefined ? { start, end, text } : { start, end, text, speaker });
const words = (hits: { word: string }[]) => hits.map((h) => h.word);

const LEXICON: LexiconEntry[] = [
  e('暴力', 'violence', 'moderate'),
  e('暴力倾向', 'violence', 'severe'),
  e('他妈', 'profanity', 'moderate'),
  e('妈的', 'profanity', 'moderate'),
  e('バカ', 'insult', 'mild'),
  e('死ね', 'threat', 'severe'),
  e('stupid', 'insult', 'mild'),
  e('shut up', 'rude', 'mild'),
  e('ass', 'profanity', 'moderate'),
  e('damn', 'profanity', 'mild'),
];

describe('buildSensitiveMatcher: Chinese', () => {
  const m = buildSensitiveMatcher(LEXICON);

  it('reports nested words: 暴力倾向 gives 暴力 and 暴力倾向, longer first at one offset', () => {
    const hits = m.findInText('这个学生有暴力倾向。');
    expect(hits.map((h) => [h.entry.word, h.offset, h.length, h.matched, h.entry.severity])).toEqual([
      ['暴力倾向', 5, 4, '暴力倾向', 'severe'],
      ['暴力', 5, 2, '暴力', 'moderate'],
    ]);
  });

  it('reports overlapping words: 他妈的 gives 他妈 and 妈的', () => {
    expect(m.findInText('他妈的，别吵了').map((h) => [h.entry.word, h.offset])).toEqual([
      ['他妈', 0],
      ['妈的', 1],
    ]);
  });

  it('finds every occurrence, with no word boundaries in Chinese', () => {
    expect(words(m.findInTranscript([seg(0, 3, '暴力不对，暴力暴力')]))).toEqual(['暴力', '暴力', '暴力']);
  });

  it('does not find a word split across two segments (by design), but the context crosses them', () => {
    const transcript = [seg(0, 2, '今天讲函数'), seg(2, 5, '你这是暴'), seg(5, 7, '力行为'), seg(7, 9, '你这是暴力行为', '王老师'), seg(9, 10, '下课')];
    const hits = m.findInTranscript(transcript, { context: 6 });
    expect(hits).toEqual([
      {
        word: '暴力',
        category: 'violence',
        severity: 'moderate',
        matched: '暴力',
        segmentIndex: 3,
        start: 7,
        end: 9,
        speaker: '王老师',
        offset: 3,
        length: 2,
        before: '行为 你这是',
        after: '行为 下课',
      },
    ]);
  });

  it('keeps the context short at the ends of the transcript', () => {
    const [hit] = m.findInTranscript([seg(0, 1, '暴力')], { context: 10 });
    expect([hit!.before, hit!.after]).toEqual(['', '']);
  });
});

describe('buildSensitiveMatcher: Japanese', () => {
  const m = buildSensitiveMatcher(LEXICON);

  it('matches half-width katakana (ﾊﾞｶ) to the lexicon word バカ and reports it as written', () => {
    const hits = m.findInTranscript([seg(0, 2, 'お前はﾊﾞｶだ、死ね！')]);
    expect(hits.map((h) => [h.word, h.matched, h.offset, h.length, h.severity])).toEqual([
      ['バカ', 'ﾊﾞｶ', 3, 3, 'mild'],
      ['死ね', '死ね', 8, 2, 'severe'],
    ]);
  });

  it('matches a decomposed dakuten (ハ + U+3099) too', () => {
    expect(words(m.findInTranscript([seg(0, 1, 'ハ\u3099カ')]))).toEqual(['バカ']);
  });
});

describe('buildSensitiveMatcher: English', () => {
  const m = buildSensitiveMatcher(LEXICON);

  it('is case-insensitive and width-insensitive', () => {
    expect(m.findInText('You are STUPID. ｓｔｕｐｉｄ! Shut Up now').map((h) => h.matched)).toEqual(['STUPID', 'ｓｔｕｐｉｄ', 'Shut Up']);
  });

  it('matches Latin words at word boundaries only', () => {
    expect(m.findInText('This class passes the assessment.')).toEqual([]);
    expect(m.findInText('damned, damnation')).toEqual([]);
    expect(m.findInText('Damn, the ass.').map((h) => h.entry.word)).toEqual(['damn', 'ass']);
  });

  it('finds a Latin word written against Chinese text', () => {
    expect(m.findInText('这个damn东西').map((h) => [h.entry.word, h.offset])).toEqual([['damn', 2]]);
  });
});

describe('lexicon normalization', () => {
  it('uses the more severe entry when two entries are one word after normalization', () => {
    const m = buildSensitiveMatcher([e('ＢＡＤ', 'a', 'mild'), e('bad', 'b', 'severe'), e('Bad', 'c', 'moderate'), e('  ', 'x', 'severe')]);
    expect(m.size).toBe(1);
    expect(m.findInText('bad').map((h) => [h.entry.word, h.entry.category, h.entry.severity])).toEqual([['bad', 'b', 'severe']]);
  });

  it('maps compatibility characters back to the whole original character', () => {
    const m = buildSensitiveMatcher([e('平成', 'era', 'mild')]);
    expect(m.findInText('元号は㍻です').map((h) => [h.matched, h.offset, h.length])).toEqual([['㍻', 3, 1]]);
    expect(normalizeForMatching('Aｶﾞ').points.map((p) => String.fromCodePoint(p)).join('')).toBe('aガ');
  });

  it('counts offsets in code points, not UTF-16 units', () => {
    const m = buildSensitiveMatcher([e('暴力', 'violence', 'moderate')]);
    expect(m.findInText('😀𠀀暴力').map((h) => h.offset)).toEqual([2]);
  });

  it('agrees with a brute-force search on random Chinese texts', () => {
    // A tiny alphabet makes nested and overlapping words common.
    const alphabet = ['甲', '乙', '丙', '丁'];
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const randomWord = (max: number) => Array.from({ length: 1 + rand(max) }, () => alphabet[rand(alphabet.length)]!).join('');
    for (let round = 0; round < 50; round++) {
      const lexicon = [...new Set(Array.from({ length: 8 }, () => randomWord(4)))].map((w) => e(w, 'c', 'mild'));
      const text = randomWord(60);
      const expected: string[] = [];
      for (let i = 0; i < text.length; i++) for (const { word } of lexicon) if (text.startsWith(word, i)) expected.push(`${i}:${word}`);
      const actual = buildSensitiveMatcher(lexicon)
        .findInText(text)
        .map((h) => `${h.offset}:${h.entry.word}`);
      expect(actual.sort(), `${text} / ${lexicon.map((l) => l.word).join(',')}`).toEqual(expected.sort());
    }
  });
});

describe('speechRate', () => {
  it('counts Chinese characters per minute of speaking time, pauses between segments left out', () => {
    const rate = speechRate([
      seg(0, 10, '同学们好，今天讲函数吧。'), // 10 characters
      seg(15, 25, '请大家翻到第三十页，然后看一下这道例题，好吗？'), // 20 characters
    ]);
    expect(rate).toEqual({ chars: 30, words: 0, seconds: 20, charsPerMinute: 90, wordsPerMinute: 0, unit: 'charsPerMinute', rate: 90 });
  });

  it('counts Japanese kana, kanji and the long-vowel mark, half-width katakana as one each', () => {
    // みなさん 4 + コーヒー 4 + は 1 + ﾃｽﾄ 3 + です 2 = 14 characters in 7 s.
    const rate = speechRate([seg(0, 7, 'みなさん、コーヒーはﾃｽﾄです。')]);
    expect([rate.chars, rate.unit, rate.rate]).toEqual([14, 'charsPerMinute', 120]);
  });

  it('counts English words per minute; contractions and hyphenated words are one word', () => {
    const rate = speechRate([seg(1, 4.5, "Good morning, everyone. Don't forget well-known facts!")]);
    expect(rate).toMatchObject({ chars: 0, words: 7, seconds: 3.5, wordsPerMinute: 120, unit: 'wordsPerMinute', rate: 120 });
  });

  it('reads a Chinese lesson with English terms in characters per minute', () => {
    const rate = speechRate([seg(0, 4, '我们今天学 function 的概念')]);
    expect(rate).toMatchObject({ chars: 8, words: 1, unit: 'charsPerMinute', rate: 120 });
  });

  it('merges overlapping segments and leaves out segments with nothing to count', () => {
    const rate = speechRate([seg(0, 10, '一二三四五六'), seg(5, 12, '七八九十'), seg(20, 30, '……。'), seg(40, 40, '零')]);
    expect([rate.chars, rate.seconds]).toEqual([11, 12]);
    expect(rate.charsPerMinute).toBeCloseTo(55, 10);
  });

  it('has no rate for silence', () => {
    expect(speechRate([])).toEqual({ chars: 0, words: 0, seconds: 0, charsPerMinute: null, wordsPerMinute: null, unit: null, rate: null });
  });
});
