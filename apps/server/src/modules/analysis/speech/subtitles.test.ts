import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.ts';
import { cueText, decodeTextBytes, parseSubtitles, parseTimestamp } from './subtitles.ts';

const refusal = (input: string | Uint8Array) => {
  try {
    parseSubtitles(input);
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return { key: (e as AppError).key, params: (e as AppError).params };
  }
  throw new Error('parsed, but should have been refused');
};

describe('parseTimestamp', () => {
  it.each([
    ['00:00:01.000', 1],
    ['00:01:02.500', 62.5],
    ['01:02:03,004', 3723.004],
    ['01:02.5', 62.5],
    ['123:00:00.000', 442_800],
    ['00:00:07', 7],
  ])('%s is %s s', (s, v) => expect(parseTimestamp(s)).toBe(v));

  it.each(['', '1.5', 'aa:bb:cc', '00:60:00.000', '00:00:61.000', '00:00:01.0000', '-00:00:01.000'])('refuses %j', (s) => expect(parseTimestamp(s)).toBeNull());
});

describe('WebVTT', () => {
  it('reads cues with identifiers, settings, multi-line text, voice tags, markup, NOTE and STYLE blocks', () => {
    const vtt = [
      '\uFEFFWEBVTT - lesson 42',
      'Kind: captions',
      '',
      'STYLE',
      '::cue { color: yellow }',
      '',
      'NOTE recorded by the classroom recorder',
      'two lines of note',
      '',
      'intro',
      '00:00:01.000 --> 00:00:04.250 align:start position:10% line:0',
      '<v 张老师>同学们好，',
      '今天我们<b>学习</b>函数。</v>',
      '',
      '00:04.250 --> 00:07.000',
      '<v.loud Student A>I have a <i>question</i> &amp; a <c.red>comment</c>.',
      'It is about <00:00:05.000>slopes.',
      '',
      '00:00:07.000 --> 00:00:08.000',
      '<i></i>',
      '',
    ].join('\r\n');
    expect(parseSubtitles(vtt)).toEqual({
      format: 'vtt',
      segments: [
        { start: 1, end: 4.25, text: '同学们好，今天我们学习函数。', speaker: '张老师' },
        { start: 4.25, end: 7, text: 'I have a question & a comment. It is about slopes.', speaker: 'Student A' },
      ],
    });
  });

  it('takes a header alone as a silent file', () => {
    expect(parseSubtitles('WEBVTT\n\n')).toEqual({ format: 'vtt', segments: [] });
  });

  it('reads lone CR line ends', () => {
    expect(parseSubtitles('WEBVTT\r\r00:00:01.000 --> 00:00:02.000\rhello\r').segments).toEqual([{ start: 1, end: 2, text: 'hello' }]);
  });
});

describe('SRT', () => {
  it('reads numbered cues with commas, multi-line text, font tags and ASS overrides', () => {
    const srt = [
      '1',
      '00:00:00,500 --> 00:00:02,000',
      '{\\an8}<font color="#ffffff">みなさん、</font>',
      'おはようございます。',
      '',
      '2',
      '00:00:02,000 --> 00:00:03,500 X1:10 X2:20 Y1:30 Y2:40',
      'Open your books',
      'to page 30.',
      '',
      '',
      '3',
      '00:00:03,500 --> 00:00:05,000',
      '这是 -- 不是时间轴',
    ].join('\n');
    expect(parseSubtitles(srt)).toEqual({
      format: 'srt',
      segments: [
        { start: 0.5, end: 2, text: 'みなさん、おはようございます。' },
        { start: 2, end: 3.5, text: 'Open your books to page 30.' },
        { start: 3.5, end: 5, text: '这是 -- 不是时间轴' },
      ],
    });
  });

  it('reads UTF-8 with a BOM, UTF-16 with a BOM and GBK bytes alike', () => {
    const srt = '1\r\n00:00:01,000 --> 00:00:02,000\r\n你好，世界\r\n';
    const expected = [{ start: 1, end: 2, text: '你好，世界' }];
    expect(parseSubtitles(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(srt, 'utf8')])).segments).toEqual(expected);
    expect(parseSubtitles(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(srt, 'utf16le')])).segments).toEqual(expected);
    // 你好，世界 in GBK, written by hand so the test does not depend on an encoder.
    const gbk = Buffer.concat([Buffer.from('1\r\n00:00:01,000 --> 00:00:02,000\r\n'), Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0xa3, 0xac, 0xca, 0xc0, 0xbd, 0xe7]), Buffer.from('\r\n')]);
    expect(decodeTextBytes(gbk)).toContain('你好，世界');
    expect(parseSubtitles(gbk).segments).toEqual(expected);
  });
});

describe('refusals name the line', () => {
  it('a block without a timing line', () => {
    expect(refusal('1\n00:00:01,000 --> 00:00:02,000\nhello\n\nthis is not a cue\nnor this')).toEqual({ key: 'subtitles.badCue', params: { line: 5 } });
  });

  it('a timing that cannot be read', () => {
    expect(refusal('WEBVTT\n\nid\n00:00:01.000 --> soon\nhello')).toEqual({ key: 'subtitles.badCue', params: { line: 4 } });
    expect(refusal('1\n00:00:01,000 -->\nhello')).toEqual({ key: 'subtitles.badCue', params: { line: 2 } });
  });

  it('an end before its start', () => {
    expect(refusal('1\n00:00:01,000 --> 00:00:02,000\na\n\n2\n00:00:09,000 --> 00:00:03,000\nb')).toEqual({ key: 'subtitles.endBeforeStart', params: { line: 6 } });
  });

  it('text that is no subtitle file at all', () => {
    expect(refusal('')).toEqual({ key: 'subtitles.unrecognized', params: {} });
    expect(refusal(Buffer.from([0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32]))).toEqual({ key: 'subtitles.unrecognized', params: {} });
    expect(refusal('Dear parents,\nthe school trip is on Friday.').key).toBe('subtitles.badCue');
  });
});

describe('cueText', () => {
  it('keeps the first speaker, decodes entities and drops empty lines', () => {
    expect(cueText(['<v Anna>Hi</v> <v Bob>there</v>', '', '&lt;b&gt; is bold &#x263A; &#9731;'])).toEqual({ text: 'Hi there <b> is bold ☺ ☃', speaker: 'Anna' });
    expect(cueText(['<v>no name</v>'])).toEqual({ text: 'no name', speaker: undefined });
  });
});
