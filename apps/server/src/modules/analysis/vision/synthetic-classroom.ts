/**
 * Labelled "classroom" frames for tests and the benchmark: real face photos placed on a drawn room at
 * known positions, so the number of faces and where they are is exact ground truth. The faces come
 * from a screenshot shipped inside @vladmandic/human (assets/screenshot-facematch.jpg), whose lower
 * part is a grid of 6 × 18 face crops of about 107 px. Test material only: no photo is stored.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, loadImage, type Image, type SKRSContext2D } from '@napi-rs/canvas';

const require = createRequire(import.meta.url);
const FACE_SHEET = path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'screenshot-facematch.jpg');
/** Grid geometry of the face sheet, measured from its dark row gaps (rows) and its 1920 px width (columns). */
const SHEET = { cols: 18, rows: 6, top: [283, 395, 508, 620, 733, 845], tileW: 1920 / 18, tileH: 107 } as const;
/** Each tile carries a score on top and a caption below: keep the middle. */
const INSET = { x: 6, top: 14, bottom: 16 } as const;

export const FACE_SHEET_TILES = SHEET.cols * SHEET.rows;

export type FacePlacement = {
  /** Index into the face sheet (0..FACE_SHEET_TILES-1). */
  tile: number;
  /** Centre of the face in pixels of the frame. */
  cx: number;
  cy: number;
  /** Drawn height of the face in pixels (width follows the tile's aspect). */
  size: number;
  /**
   * Synthetic downward tilt (0 = facing the camera). The face is drawn as a plane tipped forward by
   * this many degrees: its height shrinks by cos(tilt) and its bottom edge narrows as in a perspective
   * view. A planar model of a head bowing, not a real head: ACCURACY.md says what it shows.
   */
  tiltDeg?: number;
  /** Mirror the face horizontally. */
  mirror?: boolean;
};

export type ComposedFrame = {
  width: number;
  height: number;
  image: Buffer;
  /** The faces drawn, with their boxes as fractions of the frame (x, y, w, h). */
  faces: (FacePlacement & { box: [number, number, number, number] })[];
};

let sheet: Promise<Image> | undefined;
function faceSheet(): Promise<Image> {
  sheet ??= loadImage(FACE_SHEET);
  return sheet;
}

function tileRect(tile: number): { sx: number; sy: number; sw: number; sh: number } {
  const col = tile % SHEET.cols;
  const row = Math.floor(tile / SHEET.cols) % SHEET.rows;
  const sx = Math.round(col * SHEET.tileW) + INSET.x;
  const sy = SHEET.top[row]! + INSET.top;
  return { sx, sy, sw: Math.floor(SHEET.tileW) - 2 * INSET.x, sh: SHEET.tileH - INSET.top - INSET.bottom };
}

function drawRoom(ctx: SKRSContext2D, width: number, height: number): void {
  const wall = ctx.createLinearGradient(0, 0, 0, height);
  wall.addColorStop(0, '#d9d4c7');
  wall.addColorStop(1, '#9c8f7a');
  ctx.fillStyle = wall;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#6b5a45';
  for (let y = height * 0.35; y < height; y += height * 0.16) ctx.fillRect(0, y, width, height * 0.03);
}

/** Draws one face (and a torso under it), returning its box in pixels. */
function drawFace(ctx: SKRSContext2D, img: Image, p: FacePlacement): [number, number, number, number] {
  const { sx, sy, sw, sh } = tileRect(p.tile);
  const h = p.size;
  const w = (h * sw) / sh;
  ctx.fillStyle = ['#2e4a7a', '#7a2e3c', '#3c6b3a', '#5a5a5a'][p.tile % 4]!;
  ctx.fillRect(p.cx - w * 0.75, p.cy + h * 0.45, w * 1.5, h * 0.9);
  const tilt = ((p.tiltDeg ?? 0) * Math.PI) / 180;
  const drawnH = h * Math.cos(tilt);
  const top = p.cy - drawnH / 2;
  // Perspective of a plane tipped forward: the top edge comes nearer the camera, the bottom goes away.
  // Drawn as thin horizontal strips whose width shrinks from top to bottom.
  const strips = tilt === 0 ? 1 : 24;
  const depth = 0.35 * Math.sin(tilt);
  for (let i = 0; i < strips; i++) {
    const t = (i + 0.5) / strips;
    const scale = 1 + depth * (0.5 - t);
    const stripW = w * scale;
    const y0 = top + (drawnH * i) / strips;
    const y1 = top + (drawnH * (i + 1)) / strips;
    const srcY = sy + (sh * i) / strips;
    ctx.save();
    if (p.mirror) {
      ctx.translate(p.cx * 2, 0);
      ctx.scale(-1, 1);
    }
    ctx.drawImage(img, sx, srcY, sw, sh / strips, p.cx - stripW / 2, y0, stripW, y1 - y0 + 0.5);
    ctx.restore();
  }
  return [p.cx - w / 2, top, w, drawnH];
}

/** Draws the given faces on a room of width × height and encodes it as JPEG. */
export async function composeFrame(placements: FacePlacement[], width = 1280, height = 720): Promise<ComposedFrame> {
  const img = await faceSheet();
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  drawRoom(ctx, width, height);
  const faces = placements.map((p) => {
    const [x, y, w, h] = drawFace(ctx, img, p);
    return { ...p, box: [x / width, y / height, w / width, h / height] as [number, number, number, number] };
  });
  return { width, height, image: await canvas.encode('jpeg', 90), faces };
}

/**
 * N faces in rows like seated students: the rows nearer the bottom (nearer the camera) are larger.
 * Deterministic for a given n and firstTile; faces never overlap.
 */
export function classroomLayout(n: number, opts: { width?: number; height?: number; firstTile?: number; tiltDeg?: number } = {}): FacePlacement[] {
  const width = opts.width ?? 1280;
  const height = opts.height ?? 720;
  const perRow = n <= 1 ? 1 : n <= 6 ? 3 : n <= 12 ? 4 : n <= 20 ? 5 : 8;
  const rows = Math.ceil(n / perRow);
  const placements: FacePlacement[] = [];
  const cellH = (height * 0.9) / rows;
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, n - row * perRow);
    const col = i % perRow;
    const cellW = width / inRow;
    const size = Math.min(cellH * 0.62 * (0.85 + 0.15 * ((row + 1) / rows)), cellW * 0.55, 150);
    placements.push({
      tile: ((opts.firstTile ?? 0) + i * 7) % FACE_SHEET_TILES,
      cx: cellW * (col + 0.5),
      cy: height * 0.05 + cellH * (row + 0.4),
      size,
      tiltDeg: opts.tiltDeg,
    });
  }
  return placements;
}
