/**
 * Renders the homepage hero loop and its posters into apps/web/public/media/.
 *
 * Run once by a maintainer (outputs are committed):
 *   apt-get install -y ffmpeg
 *   npx tsx scripts/make-hero-video.ts
 * or, for the posters alone (no ffmpeg needed):
 *   npx tsx scripts/make-hero-video.ts --posters-only
 *
 * Each poster is written twice: AVIF for the browsers that read it (all current ones; at quality 50 it keeps
 * the fabric's faint pattern that WebP loses below quality 80, in two thirds of the bytes), WebP for the rest.
 *
 * Frames come from heroFrameSvg(), whose every moving part is periodic in the
 * loop phase, so the last frame flows into the first. Frames are rasterised by
 * sharp and piped raw into ffmpeg; nothing touches the disk until the MP4.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { heroFrameSvg } from '../apps/api/src/media/artwork.js';

const FPS = 24;
const SECONDS = 8;
const FRAMES = FPS * SECONDS;
const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/media');

interface Format {
  name: 'desktop' | 'mobile';
  width: number;
  height: number;
  video: string;
  /** The poster's file name without its extension (.avif and .webp). */
  poster: string;
}

const FORMATS: readonly Format[] = [
  { name: 'desktop', width: 1280, height: 720, video: 'hero-desktop.mp4', poster: 'hero-poster' },
  { name: 'mobile', width: 720, height: 1280, video: 'hero-mobile.mp4', poster: 'hero-poster-mobile' },
];
const POSTERS_ONLY = process.argv.includes('--posters-only');

async function frame(format: Format, index: number): Promise<Buffer> {
  const svg = heroFrameSvg(format.name, index / FRAMES);
  return sharp(Buffer.from(svg))
    .resize(format.width, format.height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
}

function write(stream: NodeJS.WritableStream, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.write(chunk, (err) => (err ? reject(err) : resolve()));
  });
}

/** The loop's first frame, which the video starts on. */
async function writePosters(format: Format, frame0: Buffer): Promise<void> {
  const image = () => sharp(frame0, { raw: { width: format.width, height: format.height, channels: 3 } });
  await writeFile(
    path.join(OUT_DIR, `${format.poster}.avif`),
    await image().avif({ quality: 50, effort: 6 }).toBuffer(),
  );
  await writeFile(
    path.join(OUT_DIR, `${format.poster}.webp`),
    await image().webp({ quality: 80, effort: 6 }).toBuffer(),
  );
}

async function encode(format: Format): Promise<void> {
  const out = path.join(OUT_DIR, format.video);
  const ffmpeg = spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      `${format.width}x${format.height}`,
      '-r',
      String(FPS),
      '-i',
      'pipe:0',
      '-an',
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-tune',
      'film',
      '-crf',
      '28',
      // Slow drift needs few bits per frame; a cap keeps the file small on any x264 build.
      '-maxrate',
      '450k',
      '-bufsize',
      '900k',
      '-profile:v',
      'high',
      '-pix_fmt',
      'yuv420p',
      '-g',
      String(FPS * 4),
      '-movflags',
      '+faststart',
      out,
    ],
    { stdio: ['pipe', 'inherit', 'inherit'] },
  );
  const done = new Promise<void>((resolve, reject) => {
    ffmpeg.on('error', reject);
    ffmpeg.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
  });
  // Render one frame ahead of the encoder so both cores stay busy.
  let pending = frame(format, 0);
  for (let i = 0; i < FRAMES; i++) {
    const current = await pending;
    if (i + 1 < FRAMES) pending = frame(format, i + 1);
    if (i === 0) await writePosters(format, current);
    await write(ffmpeg.stdin, current);
  }
  ffmpeg.stdin.end();
  await done;
}

async function main(): Promise<void> {
  if (POSTERS_ONLY) {
    await mkdir(OUT_DIR, { recursive: true });
    for (const format of FORMATS) {
      await writePosters(format, await frame(format, 0));
      for (const ext of ['avif', 'webp']) {
        const poster = await stat(path.join(OUT_DIR, `${format.poster}.${ext}`));
        console.log(`${format.poster}.${ext}: ${(poster.size / 1024).toFixed(1)} KB`);
      }
    }
    return;
  }
  if (spawnSync('ffmpeg', ['-version']).status !== 0) {
    throw new Error('ffmpeg not found: apt-get update && apt-get install -y ffmpeg');
  }
  await mkdir(OUT_DIR, { recursive: true });
  for (const format of FORMATS) {
    const started = performance.now();
    await encode(format);
    const video = await stat(path.join(OUT_DIR, format.video));
    const poster = await stat(path.join(OUT_DIR, `${format.poster}.avif`));
    const secs = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `${format.video}: ${(video.size / 1024).toFixed(0)} KB, ${format.poster}.avif: ${(poster.size / 1024).toFixed(0)} KB (${secs} s)`,
    );
  }
}

await main();
