import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TRecordingListItem, TRecordingPage } from '@hxk/contracts/recordings';
import { apiGet, launchBrowser, newContext, openMenuItem, screenshot, settle, signInToShell, signInWithPassword, waitForPath, waitForToast, watchErrors } from './support/browser.ts';
import { cookieValue } from './support/flows.ts';
import { exactly, pick } from './support/select.ts';
import { startServer, type TestServer } from './support/server.ts';
import { schoolTx } from '../apps/server/src/platform/tenancy.ts';
import { upsertAnalysis } from '../apps/server/src/modules/analysis/analysis.repo.ts';
import { storeResult, type TAnalysisResult } from '../apps/server/src/modules/analysis/analysis.service.ts';
import { findFfmpeg } from '../apps/server/src/platform/adapters/camera-simulator.ts';

/** `HXK_SCREENSHOTS=1` also writes the screens (zh, en, ja; the report at 390 px) to e2e/screenshots. */
const shots = process.env.HXK_SCREENSHOTS === '1';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Lng = 'zh' | 'en' | 'ja';
const signIn = (account: string, opts: { language?: Lng; mobile?: boolean } = {}): Promise<Page> => signInToShell(browser, server.url, account, opts);

/** The API as the signed-in page calls it (its session cookie). */
const apiPost = <T,>(page: Page, url: string, body: unknown) =>
  page.evaluate(
    async ([u, b]) => ((await (await fetch(u, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' }, body: JSON.stringify(b) })).json()) as { data: unknown }).data,
    [url, body] as const,
  ) as Promise<T>;


// ------------------------------------------------------------------------------------------------
// A realistic analysed lesson: 40 minutes sampled every 10 s, 40 expected students, a dip of the
// head-up rate in the middle, an S-T sequence of 80 half-minute intervals, a transcript and a hit.

const DURATION = 2400;
const SAMPLE = 10;
const EXPECTED = 40;

function lessonResult(): TAnalysisResult {
  const samples: TAnalysisResult['samples'] = [];
  for (let t = 0; t < DURATION; t += SAMPLE) {
    const faces = 34 + Math.round(2 * Math.sin(t / 300));
    const posed = faces - 2;
    // Attentive, then a slump from minute 18 to minute 24, then better again.
    const rate = t >= 1080 && t < 1440 ? 0.35 + 0.05 * Math.sin(t / 50) : 0.78 + 0.08 * Math.sin(t / 200);
    const headUp = Math.round(posed * rate);
    const joy = t >= 600 && t < 700 ? 0.45 : 0.12 + 0.04 * Math.sin(t / 120);
    const surprise = t >= 1800 && t < 1850 ? 0.3 : 0.04;
    const calm = Math.max(0, 1 - joy - surprise - 0.08);
    samples.push({
      t,
      faces,
      posed,
      headUp,
      headDown: posed - headUp,
      turnedAway: 1,
      frontRow: 7 + (t % 60 === 0 ? 1 : 0),
      expressions: { joy, surprise, calm, sadness: 0.04, anger: 0.01, fear: 0.01, disgust: 0.02 },
      confidence: 0.82,
      // A frame kept every 10 minutes (the pipeline keeps one a minute): 0:00, 10:00, 20:00, 30:00.
      evidenceKey: t % 600 === 0 ? evidenceKey(t) : null,
    });
  }
  const teacherSamples = samples.map((s) => ({ t: s.t, faces: s.t >= 2100 && s.t < 2160 ? 0 : 1 }));
  const sequence = 'TTTTTTTTSSTTTTSTSTTTTTTTTTSSSTTTTTTTTTTSTSTTTSSSSSTTTTTTTTTTTTSSTTTTTTTSSSTTTTTT';
  const nT = [...sequence].filter((c) => c === 'T').length;
  let runs = 1;
  for (let i = 1; i < sequence.length; i++) if (sequence[i] !== sequence[i - 1]) runs++;
  const rt = nT / sequence.length;
  const ch = (runs - 1) / sequence.length;
  const talkSegments: TAnalysisResult['talkSegments'] = [...sequence].map((c, i) => ({ kind: c === 'T' ? 'teacher' as const : 'student' as const, start: i * 30 + 2, end: i * 30 + 26 }));
  return {
    durationSeconds: DURATION,
    expectedStudents: EXPECTED,
    presentAvg: 34,
    attendanceRate: 0.85,
    headUpRate: 0.71,
    frontRowExpected: 8,
    frontRowActual: 7.2,
    frontRowRate: 0.9,
    pitchBaseline: 4.5,
    st: { sequence, rt, ch, mode: rt <= 0.3 ? 'practice' : rt >= 0.7 ? 'lecture' : ch >= 0.4 ? 'dialogue' : 'mixed' },
    talk: { teacher: 1320, student: 560, overlap: 96, silence: 520 },
    teacherAttendance: 'normal',
    transcriptStatus: 'done',
    speechRate: 182,
    methods: {
      attendance: { method: 'faces≥0.45/expected', confidence: 0.86 },
      headUp: { method: '|pitch-baseline|≤15/posed', confidence: 0.78 },
      frontRow: { method: 'centreY>0.66/seats', confidence: 0.81 },
      expressions: { method: 'dominant-expression/faces', confidence: 0.64 },
      pitchBaseline: { method: 'median-pitch', confidence: null },
      teacherAttendance: { method: 'face≥0.45|person≥0.3', confidence: 0.9 },
      st: { method: 'silero-vad lapel+room, 30 s intervals', confidence: 0.8 },
      talk: { method: 'silero-vad lapel+room', confidence: 0.8 },
      transcript: { method: 'subtitles', confidence: null },
      speechRate: { method: 'subtitles chars / teacher minutes', confidence: 0.7 },
      sensitiveWords: { method: 'lexicon', confidence: 1 },
    },
    samples,
    teacherSamples,
    talkSegments,
    transcript: [
      { start: 5, end: 14, speaker: 'Teacher', text: 'Good morning, today we continue with derivatives.' },
      { start: 62, end: 75, speaker: 'Student', text: 'Is the chain rule on the exam?' },
      { start: 80, end: 96, speaker: 'Teacher', text: 'Yes, and stop playing games on your phones, please.' },
    ],
    hits: [{ word: 'games', category: 'Discipline', severity: 'mild', start: 88, end: 89, context: 'stop playing games on your phones' }],
  };
}

const evidenceKey = (t: number) => `e2e/analysis/evidence-${t}.jpg`;

/** A real JPEG for the kept frames (ffmpeg's test picture): the browser must be able to show it. */
function frameJpeg(): Buffer {
  return execFileSync(findFfmpeg(process.env.HXK_REAL_FFMPEG ?? process.env.FFMPEG_PATH)!, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180', '-frames:v', '1', '-c:v', 'mjpeg', '-f', 'image2', 'pipe:1']);
}

/** Stores the lesson as the pipeline would: through the server's own storeResult, in the class's school. */
async function storeLesson(schoolId: string, cls: TRecordingListItem, startedAt: Date): Promise<void> {
  const jpeg = frameJpeg();
  for (let t = 0; t < DURATION; t += 600) await server.app.deps.storage.put(evidenceKey(t), jpeg, jpeg.length);
  await schoolTx(server.app.deps.dbh.db, schoolId, async (tx) => {
    const analysis = await upsertAnalysis(tx, { schoolId, courseSessionId: cls.courseSessionId, classroomId: cls.classroomId, source: 'recording', status: 'running', sampleSeconds: SAMPLE, stIntervalSeconds: 30 });
    await storeResult(tx, { analysis, result: lessonResult(), startedAt, classroomId: cls.classroomId, finished: true });
  });
}

/** Two ended demo classes the administrator may watch: one to analyse and one left without analysis. */
async function twoClasses(page: Page): Promise<[TRecordingListItem, TRecordingListItem]> {
  const ended = async () => (await apiGet<TRecordingPage>(page, '/app/recordings/v1/page?pageSize=50')).list.filter((c) => c.ended && c.startAt);
  await expect.poll(async () => (await ended()).length, { timeout: 60_000, interval: 1000 }).toBeGreaterThanOrEqual(2);
  const list = await ended();
  return [list[0]!, list[1]!];
}

let analysed: { cls: TRecordingListItem; startedAt: Date } | null = null;

/** The analysed class (stored once for the file), with a head-up rule so that the slump raises a warning. */
async function analysedClass(page: Page): Promise<{ cls: TRecordingListItem; startedAt: Date; other: TRecordingListItem }> {
  const [cls, other] = await twoClasses(page);
  if (!analysed) {
    const schoolId = await cookieValue(page.context(), 'schoolId');
    expect(schoolId).toBeTruthy();
    await apiPost(page, '/app/ddxk/ai/v1/warning-rules/save', { kind: 'headUpBelow', threshold: 50, minutes: 3, level: 'severe', enabled: true });
    analysed = { cls, startedAt: new Date(cls.startAt!) };
    await storeLesson(schoolId!, cls, analysed.startedAt);
  }
  return { ...analysed, other };
}

const reportUrl = (id: string) => `/hxk/ClassroomReport?courseSessionId=${id}`;

/** Whether a chart's canvas has been drawn on (some pixel is not transparent). */
const canvasDrawn = (page: Page, testId: string) =>
  page.getByTestId(testId).locator('canvas').first().evaluate((c: HTMLCanvasElement) => {
    const ctx = c.getContext('2d');
    if (!ctx || !c.width || !c.height) return false;
    const data = ctx.getImageData(0, 0, c.width, c.height).data;
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
    return false;
  });

// ------------------------------------------------------------------------------------------------

const RULE_TEXTS = {
  en: { menuSaved: 'Rule saved', deleted: 'Rule deleted', first: 'Head-up rate under 40% for 5 min → Moderate', edited: 'Head-up rate under 35% for 8 min → Severe', severe: 'Severe', word: 'A sensitive word of “Politics” heard → Mild', mild: 'Mild', kindWord: 'Sensitive word' },
  zh: { menuSaved: '规则已保存', deleted: '规则已删除', first: '抬头率低于 40% 持续 5 分钟 → 中度', edited: '抬头率低于 35% 持续 8 分钟 → 重度', severe: '重度', word: '出现“Politics”类敏感词 → 轻度', mild: '轻度', kindWord: '敏感词' },
} as const;

async function fillNumber(page: Page, testId: string, value: number) {
  const input = page.getByTestId(testId).locator('input').or(page.locator(`input[data-testid="${testId}"]`)).first();
  await input.fill(String(value));
}

describe('AI warning settings', () => {
  for (const lng of ['en', 'zh'] as const) {
    it(`adds a rule, shows it as a sentence, edits, switches and deletes it (${lng})`, async () => {
      const x = RULE_TEXTS[lng];
      const page = await signIn('admin', { language: lng });
      const errors = watchErrors(page);
      await openMenuItem(page, 'aiWarningSettings');
      await waitForPath(page, '/back/aiWarningSettings');
      const table = page.getByTestId('rules-table');
      await table.waitFor();
      await page.waitForLoadState('networkidle');
      const row = (text: string) => table.locator('.ant-table-row', { hasText: text });

      // Add: head-up under 40 % for 5 minutes, moderate (the form's default level); the preview reads it.
      await page.getByTestId('rule-add').click();
      await fillNumber(page, 'rule-threshold', 40);
      await fillNumber(page, 'rule-minutes', 5);
      await page.getByTestId('rule-preview').getByText(x.first).waitFor();
      await page.getByTestId('rule-save').click();
      await waitForToast(page, x.menuSaved);
      await row(x.first).waitFor();

      // Edit: 35 % for 8 minutes, severe.
      await row(x.first).getByTestId('rule-edit').click();
      await fillNumber(page, 'rule-threshold', 35);
      await fillNumber(page, 'rule-minutes', 8);
      await page.getByTestId('rule-level').getByText(x.severe, { exact: true }).click();
      await page.getByTestId('rule-save').click();
      await waitForToast(page, x.menuSaved);
      await row(x.edited).waitFor();
      expect(await row(x.first).count()).toBe(0);

      // Switched off in place, and on again.
      const toggle = row(x.edited).getByTestId('rule-toggle');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');

      // A sensitive-word rule asks for a category instead of a threshold.
      await page.getByTestId('rule-add').click();
      await pick(page, 'rule-kind', '', exactly(x.kindWord));
      expect(await page.getByTestId('rule-threshold').count()).toBe(0);
      await page.getByTestId('rule-category').fill('Politics');
      await page.getByTestId('rule-level').getByText(x.mild, { exact: true }).click();
      await page.getByTestId('rule-save').click();
      await waitForToast(page, x.menuSaved);
      await row(x.word).waitFor();

      // Delete asks first.
      for (const text of [x.edited, x.word]) {
        await row(text).getByTestId('rule-delete').click();
        // The confirmation's own Delete button (Ant Design spaces a two-character Chinese label: 删 除).
        await page.locator('.ant-popover:visible .ant-btn-dangerous').click();
        await waitForToast(page, x.deleted);
        await row(text).waitFor({ state: 'detached' });
      }
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('keeps the sensitive-word lexicon: add, search, edit, import with per-line errors, export and delete', async () => {
    const page = await signIn('admin');
    const errors = watchErrors(page);
    await page.goto('/hxk/back/aiWarningSettings');
    await page.getByTestId('tab-words').click();
    const table = page.getByTestId('words-table');
    await table.waitFor();
    const row = (word: string) => table.locator('.ant-table-row', { has: page.getByTestId('word-cell').getByText(word, { exact: true }) });

    await page.getByTestId('word-add').click();
    await page.getByTestId('word-word').fill('cheating');
    await page.getByTestId('word-category').fill('Integrity');
    await page.getByTestId('word-severity').getByText('Severe', { exact: true }).click();
    await page.getByTestId('word-save').click();
    await waitForToast(page, 'Word saved');
    await row('cheating').getByText('Severe').waitFor();

    // Edit its category.
    await row('cheating').getByTestId('word-edit').click();
    await page.getByTestId('word-category').fill('Exams');
    await page.getByTestId('word-save').click();
    await waitForToast(page, 'Word saved');
    await row('cheating').getByText('Exams').waitFor();

    // A file with wrong lines imports nothing and lists each of them.
    const upload = (name: string, text: string) => page.locator('.ant-modal input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
    await page.getByTestId('words-import').click();
    await upload('bad.csv', 'word,category,severity\nphones,Discipline,mild\nnoise,,loud\n');
    const bad = page.getByTestId('words-import-errors');
    await bad.waitFor();
    expect(await bad.locator('.ant-table-row').allInnerTexts()).toEqual(['3\tcategory\tis required', '3\tseverity\tmust be mild, moderate or severe']);
    await upload('good.csv', 'word,category,severity\nphones,Discipline,mild\nnoise,Discipline,moderate\n');
    await page.getByTestId('words-import-result').getByText('Words imported: 2').waitFor();
    await page.getByTestId('words-import-close').click();
    await row('phones').waitFor();

    // Search.
    await page.getByTestId('words-search').locator('input').fill('cheat');
    await page.getByTestId('words-search').locator('input').press('Enter');
    await expect.poll(() => table.getByTestId('word-cell').allInnerTexts()).toEqual(['cheating']);

    // Export: the CSV the import reads.
    const download = page.waitForEvent('download');
    await page.getByTestId('words-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('sensitive-words.csv');
    const csv = fs.readFileSync((await file.path())!, 'utf8');
    expect(csv).toContain('cheating,Exams,severe');
    expect(csv).toContain('phones,Discipline,mild');

    // Delete asks first.
    await row('cheating').getByTestId('word-delete').click();
    await page.locator('.ant-popover:visible .ant-btn-dangerous').click();
    await waitForToast(page, 'Word deleted');
    await row('cheating').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sets the school\'s transcription service with a write-only key, and goes back to none', async () => {
    const page = await signIn('admin');
    const errors = watchErrors(page);
    await page.goto('/hxk/back/aiWarningSettings');
    await page.getByTestId('tab-transcription').click();
    const inUse = page.getByTestId('transcription-in-use');
    await inUse.getByText('No transcription service is configured.').waitFor();
    expect(await page.getByTestId('transcription-test').isDisabled()).toBe(true);
    // Address and model without a key: the server says what is missing, nothing is stored.
    await page.getByTestId('transcription-base-url').fill('https://stt.example.com');
    await page.getByTestId('transcription-model').fill('whisper-1');
    await page.getByTestId('transcription-save').click();
    await waitForToast(page, 'needs its address, model and API key together');
    await page.getByTestId('transcription-api-key').fill('sk-e2e-secret');
    await page.getByTestId('transcription-save').click();
    await waitForToast(page, 'Transcription service saved');
    await expect.poll(() => inUse.getAttribute('data-in-use')).toBe('school');
    // The key is never shown again: the field is empty and says one is stored.
    expect(await page.getByTestId('transcription-api-key').inputValue()).toBe('');
    await page.getByText('A key is stored (encrypted).', { exact: false }).waitFor();
    expect(JSON.stringify(await apiGet(page, '/app/ddxk/ai/v1/transcription'))).not.toContain('sk-e2e-secret');
    // Back to none, after a confirmation.
    await page.getByTestId('transcription-clear').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await waitForToast(page, 'The school\'s transcription service was removed');
    await expect.poll(() => inUse.getAttribute('data-in-use')).toBe('none');
    expect(await page.getByTestId('transcription-base-url').inputValue()).toBe('');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('is not offered to a teacher', async () => {
    const page = await signIn('teacher');
    expect(await page.getByTestId('side-menu').getByTestId('menu-aiWarningSettings').count()).toBe(0);
    await page.context().close();
  });
});

describe('AI classroom report', () => {
  it('draws the analysis, explains each figure and opens the recording at a curve\'s moment', async () => {
    const page = await signIn('admin');
    const errors = watchErrors(page);
    const { cls, startedAt } = await analysedClass(page);

    // From the class's recording to its report.
    await page.goto(`/hxk/SCADA/Recording?courseSessionId=${cls.courseSessionId}`);
    await page.getByTestId('recording-ai-report').click();
    await waitForPath(page, /^\/ClassroomReport\?/);
    await page.getByTestId('report-title').getByText(cls.courseName).waitFor();
    await page.getByTestId('report-status').getByText('Done').waitFor();

    // Teaching analysis: the S-T curve, the Rt-Ch diagram with the mode, talk shares.
    await page.getByTestId('chart-st').locator('canvas').waitFor();
    await page.getByTestId('chart-rtch').locator('canvas').waitFor();
    await expect.poll(() => canvasDrawn(page, 'chart-st')).toBe(true);
    await expect.poll(() => canvasDrawn(page, 'chart-rtch')).toBe(true);
    expect(await page.getByTestId('report-mode').innerText()).toBe('Lecture');
    expect(await page.getByTestId('talk-teacher').innerText()).toContain('55%');
    expect(await page.getByTestId('talk-overlap').innerText()).toContain('4.0%');

    // The "?" of a figure says how it was computed and how sure it is.
    await page.getByTestId('hint-talk').click();
    const talkHint = page.getByTestId('method-talk');
    await talkHint.getByText('Voice activity detection').waitFor();
    expect(await talkHint.getByTestId('method-confidence').innerText()).toBe('Confidence: 80%');
    await page.getByTestId('hint-talk').click();
    await talkHint.waitFor({ state: 'hidden' });

    // Learning analysis: the head-up curve, its method, and a click on it opens the recording then.
    await page.getByTestId('tab-learning').click();
    const headUp = page.getByTestId('chart-headup');
    await headUp.locator('canvas').waitFor();
    await expect.poll(() => canvasDrawn(page, 'chart-headup')).toBe(true);
    await expect.poll(() => canvasDrawn(page, 'chart-expressions')).toBe(true);
    await page.getByTestId('expression-peaks').waitFor();
    await page.getByTestId('hint-headUp').click();
    const hint = page.getByTestId('method-headUp');
    await hint.getByText('within 15° of the class\'s baseline pitch').waitFor();
    expect(await hint.getByTestId('method-confidence').innerText()).toBe('Confidence: 78%');
    await page.getByTestId('hint-headUp').click();
    await hint.waitFor({ state: 'hidden' });

    // Pointing at the middle of the plot (minute 20 of 40) shows the sample there in the tooltip; a
    // click opens the recording at that sample's moment: startedAt + its t.
    const box = (await headUp.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.move(x, y);
    const tip = headUp.locator('div').filter({ hasText: /^\d+:\d\d: [\d.]+%$/ }).last();
    await tip.waitFor();
    const [, mm, ss] = /^(\d+):(\d\d)/.exec(await tip.innerText())!;
    const t = Number(mm) * 60 + Number(ss);
    expect(t).toBeGreaterThan(1080);
    expect(t).toBeLessThan(1320);
    await page.mouse.click(x, y);
    await waitForPath(page, /^\/SCADA\/Recording\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('courseSessionId')).toBe(cls.courseSessionId);
    expect(url.searchParams.get('at')).toBe(new Date(startedAt.getTime() + t * 1000).toISOString());
    await page.getByTestId('recording-title').getByText(cls.courseName).waitFor();

    // Back on the report: speech analysis and the warning the head-up rule raised, with its moments.
    await page.goBack();
    await page.getByTestId('report-title').waitFor();
    await page.getByTestId('tab-speech').click();
    await page.getByTestId('transcript').getByText('Is the chain rule on the exam?').waitFor();
    expect(await page.getByTestId('hit').innerText()).toContain('stop playing games on your phones');
    const warning = page.getByTestId('report-warning').filter({ hasText: 'Low head-up rate' });
    await warning.getByText('Severe').waitFor();
    // Its moments are one run of samples, 18:00 to 20:50, opening the recording at its start.
    expect(await warning.getByTestId('warning-moment').allInnerTexts()).toEqual(['18:00–20:50']);
    // The frame kept within its moments (20:00), shown with faces blurred as stored; all four below.
    const loaded = (frames: ReturnType<Page['getByTestId']>) => frames.locator('img').evaluateAll((imgs: HTMLImageElement[]) => imgs.map((i) => i.complete && i.naturalWidth === 320));
    await expect.poll(() => loaded(warning.getByTestId('evidence-frames'))).toEqual([true]);
    expect(await warning.getByTestId('evidence-frames').innerText()).toContain('20:00');
    const kept = page.getByTestId('card-evidence');
    await expect.poll(() => loaded(kept)).toEqual([true, true, true, true]);
    expect(await kept.getByText('no face is identified', { exact: false }).count()).toBe(1);
    await warning.getByTestId('warning-moment').first().click();
    await waitForPath(page, /^\/SCADA\/Recording\?/);
    expect(new URL(page.url()).searchParams.get('at')).toBe(new Date(startedAt.getTime() + 1080_000).toISOString());
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says so when a class has not been analysed', async () => {
    const page = await signIn('admin', { language: 'ja' });
    const { other } = await analysedClass(page);
    await page.goto(reportUrl(other.courseSessionId));
    await page.getByTestId('report-empty').getByText('この授業はまだ分析されていません。').waitFor();
    await page.context().close();
  });
});

describe.skipIf(!shots)('AI report and settings screenshots', () => {
  for (const lng of ['zh', 'en', 'ja'] as const) {
    it(`captures the report and the settings in ${lng}`, async () => {
      const page = await signIn('admin', { language: lng });
      const { cls } = await analysedClass(page);
      await page.goto(reportUrl(cls.courseSessionId));
      await page.getByTestId('chart-st').locator('canvas').waitFor();
      await settle(page);
      await screenshot(page, `report-${lng}-teaching`);
      await page.getByTestId('tab-learning').click();
      await page.getByTestId('chart-headup').locator('canvas').waitFor();
      await settle(page);
      await page.getByTestId('hint-headUp').click();
      await page.getByTestId('method-headUp').waitFor();
      await screenshot(page, `report-${lng}-learning`);
      await page.getByTestId('hint-headUp').click();
      await page.getByTestId('tab-speech').click();
      await page.getByTestId('card-hits').waitFor();
      await settle(page);
      await screenshot(page, `report-${lng}-speech`);
      await page.goto('/hxk/back/aiWarningSettings');
      await page.getByTestId('rules-table').waitFor();
      await settle(page);
      await screenshot(page, `settings-${lng}-rules`);
      await page.getByTestId('rule-add').click();
      await page.getByTestId('rule-preview').waitFor();
      await settle(page);
      await screenshot(page, `settings-${lng}-rule-modal`, false);
      await page.keyboard.press('Escape');
      await page.getByTestId('tab-words').click();
      await settle(page);
      await screenshot(page, `settings-${lng}-words`);
      await page.getByTestId('tab-transcription').click();
      await page.getByTestId('transcription-in-use').waitFor();
      await settle(page);
      await screenshot(page, `settings-${lng}-transcription`);
      await page.context().close();
    });
  }

  it('captures the report at 390 px', async () => {
    const page = await (await newContext(browser, server.url, { mobile: true })).newPage();
    await signInWithPassword(page, 'admin', 'Demo@2026');
    await waitForPath(page, '/Evaluate');
    const { cls } = await analysedClass(page);
    await page.goto(reportUrl(cls.courseSessionId));
    await page.getByTestId('chart-st').locator('canvas').waitFor();
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'report-en-phone-teaching');
    await page.getByTestId('tab-learning').click();
    await page.getByTestId('chart-headup').locator('canvas').waitFor();
    await settle(page);
    await screenshot(page, 'report-en-phone-learning');
    await page.goto('/hxk/back/aiWarningSettings');
    await page.getByTestId('rules-table').waitFor();
    await settle(page);
    await screenshot(page, 'settings-en-phone-rules');
    await page.context().close();
  });
});
