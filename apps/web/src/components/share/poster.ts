/**
 * A share's poster, drawn in the browser: the title, room and time of what is shared (a live lesson or
 * a recording clip) and a QR code of the link, as a PNG to download or show.
 */
import QRCode from 'qrcode';

export type PosterText = {
  heading: string; title: string; room: string; time: string; scan: string; expires: string; link: string;
  /** A live broadcast: a red "on air" dot beside the heading. */
  live?: boolean;
};

const W = 720;
const H = 1080;

/** Lines of `text` that fit `width` at the context's font (CJK text breaks anywhere, Latin at spaces). */
function wrap(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const tokens = text.match(/[\u3000-\u9fff\uff00-\uffef]|[^\s\u3000-\u9fff\uff00-\uffef]+|\s+/g) ?? [];
  for (const token of tokens) {
    const next = line + token;
    if (ctx.measureText(next).width > width && line.trim()) {
      lines.push(line.trimEnd());
      line = token.trimStart();
    } else line = next;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

export async function drawPoster(text: PosterText): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  const font = (size: number, weight = 400) => `${weight} ${size}px system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Hiragino Sans", sans-serif`;

  const bg = ctx.createLinearGradient(0, 0, 0, H);
  bg.addColorStop(0, '#0b3d91');
  bg.addColorStop(1, '#1677ff');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, W, H);

  ctx.fillStyle = '#ffffff';
  ctx.font = font(30, 600);
  ctx.fillText(text.heading, 56, 96);
  if (text.live) {
    ctx.fillStyle = '#ff4d4f';
    ctx.beginPath();
    ctx.arc(W - 72, 86, 10, 0, Math.PI * 2);
    ctx.fill();
  }

  ctx.fillStyle = '#ffffff';
  ctx.font = font(52, 700);
  let y = 190;
  for (const line of wrap(ctx, text.title, W - 112).slice(0, 3)) {
    ctx.fillText(line, 56, y);
    y += 66;
  }
  ctx.font = font(28);
  ctx.fillStyle = 'rgba(255,255,255,0.9)';
  y += 10;
  for (const line of [text.room, text.time]) {
    for (const l of wrap(ctx, line, W - 112)) {
      ctx.fillText(l, 56, y);
      y += 42;
    }
  }

  // The QR code on a white card.
  const size = 380;
  const top = Math.max(y + 30, 520);
  const left = (W - size - 40) / 2;
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.roundRect(left, top, size + 40, size + 40, 20);
  ctx.fill();
  const qr = new Image();
  qr.src = await QRCode.toDataURL(text.link, { margin: 0, width: size, errorCorrectionLevel: 'M' });
  await qr.decode();
  ctx.drawImage(qr, left + 20, top + 20, size, size);

  ctx.fillStyle = '#ffffff';
  ctx.font = font(28, 600);
  ctx.textAlign = 'center';
  ctx.fillText(text.scan, W / 2, top + size + 100);
  ctx.font = font(22);
  ctx.fillStyle = 'rgba(255,255,255,0.8)';
  ctx.fillText(text.expires, W / 2, top + size + 140);
  return canvas.toDataURL('image/png');
}
