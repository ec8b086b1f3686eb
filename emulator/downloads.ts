/**
 * Recordings fetched by the service in the background: from a direct link (`by_url`, a real
 * fetch) and from a video-hosting page (`by_videosite`, simulated). Such a recording stays hidden
 * from the list until its download finished; a failed download leaves it hidden and not uploaded.
 * A download finishes no sooner than `downloadDelayMs` after the request (virtual clock).
 */
import type { Hono } from 'hono';
import { durationFromFile } from './duration';
import type { Emulator } from './emulator';
import { apiRoute, fieldErrors, json } from './http';
import { hashString } from './prng';
import { validateTitle } from './recordings';
import type { Recording } from './state';
import { makeWav } from './wav';

/** The path segment that names the video-hosting site (a neutral word in the contract). */
export const VIDEO_SITE_PATH = 'by_videosite';

/** Placeholder title until the video's own title is known. */
const VIDEO_PLACEHOLDER_TITLE = 'Video download.m4a';
const VIDEO_EXTENSION = '.m4a';
const VIDEO_CONTENT_TYPE = 'audio/mp4';
const MAX_DOWNLOAD_BYTES = 200 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 120_000;

interface Downloaded {
  bytes: Buffer;
  duration: number;
  title?: string;
}

/** Runs `work` now and applies its result once it is done and the download delay has passed. */
function startDownload(
  emu: Emulator,
  recording: Recording,
  work: (signal: AbortSignal) => Promise<Downloaded | null>,
) {
  const db = emu.db;
  let outcome: Downloaded | null | undefined;
  let dueReached = false;
  const finish = () => {
    if (outcome === undefined || !dueReached || !outcome) return;
    db.objects.set(recording.storageKey, { bytes: outcome.bytes, contentType: recording.contentType });
    recording.size = outcome.bytes.length;
    recording.duration = outcome.duration;
    if (outcome.title) recording.title = outcome.title;
    recording.isUploaded = true;
  };
  const controller = new AbortController();
  emu.downloads.add(controller);
  const signal = AbortSignal.any([controller.signal, AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS)]);
  work(signal)
    .then(
      (result) => {
        outcome = result;
      },
      () => {
        outcome = null;
      },
    )
    .finally(() => {
      emu.downloads.delete(controller);
      if (!controller.signal.aborted) finish();
    });
  emu.scheduler.at(emu.now() + emu.options.downloadDelayMs, () => {
    dueReached = true;
    finish();
  });
}

async function fetchBytes(url: string, signal: AbortSignal): Promise<Buffer | null> {
  const response = await fetch(url, {
    signal,
    redirect: 'follow',
    headers: { 'User-Agent': 'python-requests/2.32.3' },
  });
  if (!response.ok || !response.body) return null;
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_DOWNLOAD_BYTES) return null;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.length;
    if (total > MAX_DOWNLOAD_BYTES) return null;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The video id of common video-site URLs, else the last path segment, else a hash. */
function videoIdOf(url: URL): string {
  const candidates = [
    url.searchParams.get('v'),
    url.hostname.endsWith('youtu.be') ? url.pathname.split('/')[1] : null,
    /\/(?:shorts|embed|live|video|v|watch)\/([^/?#]+)/.exec(url.pathname)?.[1],
    url.pathname.split('/').filter(Boolean).at(-1),
  ];
  for (const candidate of candidates) {
    if (candidate && /^[A-Za-z0-9_-]{1,64}$/.test(candidate)) return candidate;
  }
  return hashString(url.href).toString(16);
}

/** Simulated duration: 2 to 10 minutes, fixed for a URL. */
function simulatedDuration(url: string): number {
  return 120 + (hashString(url) % 481);
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return named[name.toLowerCase()] ?? whole;
  });
}

function metaContent(html: string, property: string): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const key = /\b(?:property|name|itemprop)\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (key?.toLowerCase() !== property) continue;
    const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
    if (content) return decodeEntities(content[1] ?? content[2] ?? '');
  }
  return null;
}

/** A recording title from a video's title: one line, the audio extension, at most 255 characters. */
function videoTitle(name: string): string {
  const clean = name.replace(/\s+/g, ' ').trim();
  const room = 255 - VIDEO_EXTENSION.length;
  return `${[...clean].slice(0, room).join('')}${VIDEO_EXTENSION}`;
}

async function videoDownload(link: string, signal: AbortSignal): Promise<Downloaded | null> {
  if (link.toLowerCase().includes('unavailable')) return null;
  const url = new URL(link);
  let title = `Video ${videoIdOf(url)}`;
  let duration = simulatedDuration(link);
  if (isLoopback(url)) {
    const response = await fetch(link, { signal, redirect: 'follow' });
    if (!response.ok) return null;
    const page = await response.text();
    const pageTitle =
      metaContent(page, 'og:title') ??
      decodeEntities(/<title[^>]*>([\s\S]*?)<\/title>/i.exec(page)?.[1] ?? '');
    if (pageTitle.trim()) title = pageTitle;
    const seconds = Number(
      metaContent(page, 'og:video:duration') ?? metaContent(page, 'video:duration') ?? 'NaN',
    );
    if (Number.isFinite(seconds) && seconds > 0) duration = Math.round(seconds);
  }
  return { bytes: makeWav(2, hashString(link)), duration, title: videoTitle(title) };
}

export function registerDownloadRoutes(app: Hono, emu: Emulator): void {
  apiRoute(app, emu, '/api/spaces/:sid{[0-9]+}/audio/by_url/', 'Audio By Url', {
    POST: async (c, user) => {
      const form = await emu.spaceForm(user, c);
      if (form instanceof Response) return form;
      const { space, v } = form;
      const url = v.url('url', 255);
      const title = validateTitle(v);
      const contentType = v.string('content_type', { maxLength: 255 });
      if (!v.valid || url === undefined || title === undefined || contentType === undefined) {
        return fieldErrors(v.errors);
      }
      const recording = emu.createRecording(space.id, title, contentType, 'by_url');
      startDownload(emu, recording, async (signal) => {
        const bytes = await fetchBytes(url, signal);
        return bytes ? { bytes, duration: await durationFromFile(bytes) } : null;
      });
      return json({ audio_id: recording.id }, 201);
    },
  });

  apiRoute(app, emu, `/api/spaces/:sid{[0-9]+}/audio/${VIDEO_SITE_PATH}/`, 'Audio By Video Site', {
    POST: async (c, user) => {
      const form = await emu.spaceForm(user, c);
      if (form instanceof Response) return form;
      const { space, v } = form;
      const url = v.url('url', 2048);
      if (!v.valid || url === undefined) return fieldErrors(v.errors);
      const recording = emu.createRecording(
        space.id,
        VIDEO_PLACEHOLDER_TITLE,
        VIDEO_CONTENT_TYPE,
        'by_videosite',
      );
      startDownload(emu, recording, (signal) => videoDownload(url, signal));
      return json({ audio_id: recording.id }, 201);
    },
  });
}
