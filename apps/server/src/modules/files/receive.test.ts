import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveUpload, sweepTemp } from './receive.ts';
import { DOCX, PLAIN_ZIP, PNG } from './fixtures.ts';

const MB = 1024 * 1024;

/** A source of `head` then zeros up to `size`, which records how much was pulled from it. */
function source(head: Buffer, size: number) {
  const zeros = Buffer.alloc(64 * 1024);
  const state = { pulled: 0 };
  const stream = Readable.from((function* () {
    state.pulled += head.length;
    yield head;
    for (let left = size - head.length; left > 0; left -= zeros.length) {
      const c = left >= zeros.length ? zeros : zeros.subarray(0, left);
      state.pulled += c.length;
      yield c;
    }
  })(), { objectMode: false });
  return { stream, state };
}

describe('receiveUpload', () => {
  let tmpDir: string;
  beforeAll(async () => {
    tmpDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-receive-'));
  });
  afterAll(async () => {
    await fsp.rm(tmpDir, { recursive: true, force: true });
  });

  it('stops reading at the first byte over the image limit and leaves nothing behind', async () => {
    const { stream, state } = source(PNG, 50 * MB);
    await expect(receiveUpload(stream, 'a.png', { accept: 'any', tmpDir })).rejects.toMatchObject({ key: 'file.tooLarge', params: { limit: '10MB' } });
    expect(state.pulled).toBeLessThan(11 * MB);
    expect(await fsp.readdir(tmpDir)).toEqual([]);
  });

  it('refuses a wrong kind from the first bytes without reading on', async () => {
    const html = source(Buffer.from('<html><body>' + ' '.repeat(5000)), 20 * MB);
    await expect(receiveUpload(html.stream, 'a.png', { accept: 'any', tmpDir })).rejects.toMatchObject({ key: 'file.formatWrong' });
    expect(html.state.pulled).toBeLessThan(MB);
    const zipAsPng = source(PLAIN_ZIP, 20 * MB);
    await expect(receiveUpload(zipAsPng.stream, 'a.png', { accept: 'any', tmpDir })).rejects.toMatchObject({ key: 'file.formatWrong' });
    expect(zipAsPng.state.pulled).toBeLessThan(MB);
    expect(await fsp.readdir(tmpDir)).toEqual([]);
  });

  it('keeps an accepted file in a temporary file with its real type', async () => {
    const got = await receiveUpload(Readable.from([DOCX]), 'dir\\教案.docx', { accept: 'lessonPlan', tmpDir });
    expect(got).toMatchObject({ name: '教案.docx', kind: 'docx', size: DOCX.length });
    expect((await fsp.readFile(got.tmpPath)).equals(DOCX)).toBe(true);
    await fsp.rm(got.tmpPath);
  });

  it('sweeps temporary files older than an hour', async () => {
    const old = path.join(tmpDir, 'upload-old');
    const fresh = path.join(tmpDir, 'upload-fresh');
    await fsp.writeFile(old, 'x');
    await fsp.writeFile(fresh, 'x');
    const hourAgo = new Date(Date.now() - 2 * 3_600_000);
    await fsp.utimes(old, hourAgo, hourAgo);
    await sweepTemp(tmpDir);
    expect((await fsp.readdir(tmpDir)).sort()).toEqual(['upload-fresh']);
    await fsp.rm(fresh);
  });
});
