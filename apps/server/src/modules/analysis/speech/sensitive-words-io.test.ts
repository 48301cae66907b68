import { IMPORT_REASONS, formatMessage } from '@hxk/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.ts';
import { LEXICON_LIMITS, readLexiconCsv, writeLexiconCsv } from './sensitive-words-io.ts';
import type { LexiconEntry } from './sensitive-words.ts';

describe('readLexiconCsv', () => {
  it('reads a file with a header, quoted values, CRLF, a BOM, blank lines and Excel trailing commas', () => {
    const csv = '\uFEFFword,category,severity\r\n暴力,violence,moderate\r\n\r\n"shut up, now",rude,MILD\r\n"say ""hi""",rude,mild,,\r\nバカ,insult,severe\r\n,,\r\n';
    expect(readLexiconCsv(csv)).toEqual({
      entries: [
        { word: '暴力', category: 'violence', severity: 'moderate' },
        { word: 'shut up, now', category: 'rude', severity: 'mild' },
        { word: 'say "hi"', category: 'rude', severity: 'mild' },
        { word: 'バカ', category: 'insult', severity: 'severe' },
      ],
      errors: [],
    });
  });

  it('reads a file without a header, and GBK bytes as Excel in China saves them', () => {
    expect(readLexiconCsv('stupid,insult,mild').entries).toEqual([{ word: 'stupid', category: 'insult', severity: 'mild' }]);
    // "暴力,暴力,severe" in GBK: 暴 = B1 A9, 力 = C1 A6.
    const gbk = Buffer.from([0xb1, 0xa9, 0xc1, 0xa6, 0x2c, 0xb1, 0xa9, 0xc1, 0xa6, 0x2c, ...Buffer.from('severe\r\n')]);
    expect(readLexiconCsv(gbk).entries).toEqual([{ word: '暴力', category: '暴力', severity: 'severe' }]);
  });

  it('reports every problem with its line, column and reason key', () => {
    const csv = [
      'word,category,severity', // 1
      '暴力,violence,moderate', // 2
      ',violence,mild', // 3
      'x,,extreme', // 4
      'only,two', // 5
      `${'长'.repeat(LEXICON_LIMITS.wordMax + 1)},c,mild`, // 6
      `ok,${'c'.repeat(LEXICON_LIMITS.categoryMax + 1)},mild`, // 7
      'ＢＡＤ,insult,mild', // 8
      'bad,insult,severe', // 9: the same word as line 8 after NFKC and case
      '"multi', // 10: the quoted value spans two lines and is reported at its first
      'line",c,mild', // 11
      '暴力,violence,severe', // 12
    ].join('\n');
    const { entries, errors } = readLexiconCsv(csv);
    expect(errors).toEqual([
      { line: 3, column: 'word', reason: 'required' },
      { line: 4, column: 'category', reason: 'required' },
      { line: 4, column: 'severity', reason: 'oneOf', params: { values: 'mild, moderate, severe' } },
      { line: 5, column: '', reason: 'columnCount', params: { count: 3, columns: 'word,category,severity', found: 2 } },
      { line: 6, column: 'word', reason: 'tooLong', params: { max: LEXICON_LIMITS.wordMax } },
      { line: 7, column: 'category', reason: 'tooLong', params: { max: LEXICON_LIMITS.categoryMax } },
      { line: 9, column: 'word', reason: 'duplicateInFile', params: { row: 8 } },
      { line: 12, column: 'word', reason: 'duplicateInFile', params: { row: 2 } },
    ]);
    expect(entries.map((e) => e.word)).toEqual(['暴力', 'ＢＡＤ', 'multi line']);
  });

  it('gives reason keys the contracts have messages for, in every language', () => {
    const { errors } = readLexiconCsv('a,b\n"open,c,mild\n');
    expect(errors.map((e) => [e.line, e.reason])).toEqual([
      [1, 'columnCount'],
      [2, 'unclosedQuote'],
    ]);
    for (const e of errors) for (const lang of ['zh', 'en', 'ja'] as const) expect(formatMessage(IMPORT_REASONS[e.reason][lang], e.params)).not.toMatch(/\{\w+\}/);
  });

  it(`refuses more than ${LEXICON_LIMITS.entries} lines`, () => {
    const csv = Array.from({ length: LEXICON_LIMITS.entries + 1 }, (_, i) => `w${i},c,mild`).join('\n');
    const err = (() => {
      try {
        readLexiconCsv(csv);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).key).toBe('import.tooManyRows');
    expect(readLexiconCsv(csv.split('\n').slice(0, LEXICON_LIMITS.entries).join('\n')).entries).toHaveLength(LEXICON_LIMITS.entries);
  });
});

describe('writeLexiconCsv', () => {
  const lexicon: LexiconEntry[] = [
    { word: '暴力倾向', category: '暴力', severity: 'severe' },
    { word: 'shut up, now', category: 'rude', severity: 'mild' },
    { word: 'say "hi"', category: 'rude', severity: 'mild' },
    { word: '=HYPERLINK("http://evil")', category: 'formula', severity: 'moderate' },
    { word: '-1', category: '@cat', severity: 'mild' },
    { word: 'ﾊﾞｶ', category: 'insult', severity: 'mild' },
  ];

  it('writes BOM, header and CRLF lines, quoting only where needed and defusing formulas', () => {
    expect(writeLexiconCsv(lexicon)).toBe(
      '\uFEFFword,category,severity\r\n' +
        '暴力倾向,暴力,severe\r\n' +
        '"shut up, now",rude,mild\r\n' +
        '"say ""hi""",rude,mild\r\n' +
        `"'=HYPERLINK(""http://evil"")",formula,moderate\r\n` +
        "'-1,'@cat,mild\r\n" +
        'ﾊﾞｶ,insult,mild\r\n',
    );
  });

  it('reads back what it writes', () => {
    expect(readLexiconCsv(writeLexiconCsv(lexicon))).toEqual({ entries: lexicon, errors: [] });
    expect(readLexiconCsv(Buffer.from(writeLexiconCsv(lexicon), 'utf8'))).toEqual({ entries: lexicon, errors: [] });
    expect(readLexiconCsv(writeLexiconCsv([]))).toEqual({ entries: [], errors: [] });
  });
});
