/**
 * Previews of Office lesson plans (docs/decisions/0025-lesson-plans.md): LibreOffice converts a Word,
 * Excel or PowerPoint file to PDF, headless, in a job of its own, with a time limit (the whole
 * process group is killed past it) and a size limit. Where no LibreOffice is installed the file
 * says so, and the web offers it for download with that reason.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import type { TPreviewState } from '@hxk/contracts';

/** The soffice to run: the configured one when it exists, else `soffice` or `libreoffice` on PATH; null when there is none. */
export function findSoffice(configured: string | undefined, envPath = process.env.PATH ?? ''): string | null {
  const runnable = (p: string) => {
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return fs.statSync(p).isFile();
    } catch {
      return false;
    }
  };
  if (configured) return runnable(configured) ? configured : null;
  for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
    for (const name of ['soffice', 'libreoffice']) {
      const p = path.join(dir, name);
      if (runnable(p)) return p;
    }
  }
  return null;
}

/** What a stored plan file shows as a preview, before any conversion: PDFs as they are, Office files converted when possible. */
export function initialPreview(contentType: string, size: number, opts: { soffice: string | null; maxBytes: number }): TPreviewState {
  if (contentType === 'application/pdf') return 'pdf';
  if (!opts.soffice) return 'noConverter';
  if (size > opts.maxBytes) return 'tooLarge';
  return 'pending';
}

export type Conversion = { ok: true; pdf: string } | { ok: false; reason: 'timeout' | 'failed' };

/**
 * Converts `input` (its extension tells LibreOffice the format) to a PDF in `outDir`. A private user
 * profile per run keeps parallel conversions from locking each other out; past `timeoutMs` the
 * process group (soffice starts soffice.bin under it) is killed.
 */
export async function convertToPdf(soffice: string, input: string, outDir: string, timeoutMs: number): Promise<Conversion> {
  const profile = await fsp.mkdtemp(path.join(os.tmpdir(), 'hxk-soffice-'));
  const args = ['--headless', '--norestore', '--nolockcheck', `-env:UserInstallation=${pathToFileURL(profile).href}`, '--convert-to', 'pdf', '--outdir', outDir, input];
  const proc = spawn(soffice, args, { stdio: 'ignore', detached: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      process.kill(-proc.pid!, 'SIGKILL');
    } catch {
      proc.kill('SIGKILL');
    }
  }, timeoutMs);
  try {
    const code = await new Promise<number | null>((resolve) => {
      proc.once('error', () => resolve(null));
      proc.once('close', (c) => resolve(c));
    });
    if (timedOut) return { ok: false, reason: 'timeout' };
    const pdf = path.join(outDir, `${path.basename(input, path.extname(input))}.pdf`);
    if (code !== 0 || !(await isPdf(pdf))) return { ok: false, reason: 'failed' };
    return { ok: true, pdf };
  } finally {
    clearTimeout(timer);
    await fsp.rm(profile, { recursive: true, force: true });
  }
}

async function isPdf(file: string): Promise<boolean> {
  const handle = await fsp.open(file, 'r').catch(() => null);
  if (!handle) return false;
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, 1024, 0);
    return head.subarray(0, bytesRead).includes('%PDF-', 0, 'latin1');
  } finally {
    await handle.close();
  }
}

/** A stored object copied to a fresh temporary folder under `name`; the caller removes the folder. */
export async function toTempFile(body: NodeJS.ReadableStream, name: string): Promise<{ dir: string; file: string }> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), `hxk-plan-${crypto.randomBytes(4).toString('hex')}-`));
  const file = path.join(dir, name);
  await pipeline(body, fs.createWriteStream(file));
  return { dir, file };
}
