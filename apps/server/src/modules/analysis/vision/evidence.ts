/**
 * Evidence frames (issue 15): a figure links to the moment it came from, and a still kept for that
 * never shows a recognisable face. Every face region the engine reported — whatever its score, so a
 * weak detection is hidden too — is pixelated to a few coarse blocks (hair and skin tone survive as
 * colour patches, features do not), with a margin that covers hair, ears and a slightly off box.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { FaceObservation } from './human-engine.ts';

export type RedactOptions = {
  /** Grows each box by this fraction of its size on every side. */
  margin?: number;
  /** Blocks across the widest side of a face region after pixelation. */
  blocks?: number;
  /** JPEG quality, 0..100. */
  quality?: number;
};

/** Returns the frame (JPEG or PNG in) as a JPEG with every given face region pixelated. */
export async function redactFaces(image: Buffer, faces: Pick<FaceObservation, 'box'>[], opts: RedactOptions = {}): Promise<Buffer> {
  const margin = opts.margin ?? 0.25;
  const blocks = Math.max(2, Math.round(opts.blocks ?? 6));
  const img = await loadImage(image);
  const { width, height } = img;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  for (const { box } of faces) {
    const [bx, by, bw, bh] = box;
    const x0 = Math.max(0, Math.floor((bx - bw * margin) * width));
    const y0 = Math.max(0, Math.floor((by - bh * margin) * height));
    const x1 = Math.min(width, Math.ceil((bx + bw * (1 + margin)) * width));
    const y1 = Math.min(height, Math.ceil((by + bh * (1 + margin)) * height));
    const w = x1 - x0;
    const h = y1 - y0;
    if (w <= 0 || h <= 0) continue;
    const scale = blocks / Math.max(w, h);
    const small = createCanvas(Math.max(1, Math.round(w * scale)), Math.max(1, Math.round(h * scale)));
    const sctx = small.getContext('2d');
    // Averaging down to a few pixels, then drawing them back as hard blocks. The source is the
    // decoded picture, not the canvas: a canvas as source is copied whole on every call (30 faces of
    // a 720p frame took 400 ms; this takes a few).
    sctx.imageSmoothingEnabled = true;
    sctx.imageSmoothingQuality = 'high';
    sctx.drawImage(img, x0, y0, w, h, 0, 0, small.width, small.height);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(small, 0, 0, small.width, small.height, x0, y0, w, h);
    ctx.imageSmoothingEnabled = true;
  }
  return canvas.encode('jpeg', opts.quality ?? 85);
}
