/**
 * The payload schemas of lib/messaging.ts, one per message type, and the envelope. Only the
 * background loads this module: the pages and content scripts that send messages get the types
 * from lib/messaging.ts and do not carry zod.
 */
import { z } from 'zod';
import type { MessageType } from './messaging';

// No `new Function` probe (the extension pages' CSP forbids eval, and addons-linter flags it): zod
// checks without generated code. Set in each module that brings zod into a bundle, before any parse.
z.config({ jitless: true });

const spaceId = z.number().int().positive();
const audioId = z.number().int().positive();
const httpUrl = z
  .string()
  .max(4096)
  .refine((value) => {
    try {
      const { protocol } = new URL(value);
      return protocol === 'http:' || protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Enter an http or https URL');

/** Payload schemas, one per message type. */
export const requestSchemas = {
  // Privileged: extension pages only.
  'session.get': z.object({}),
  'session.signIn': z.object({
    serviceUrl: httpUrl,
    email: z.string().trim().min(1).max(254),
    password: z.string().min(1).max(4096),
  }),
  'session.signOut': z.object({}),
  'settings.get': z.object({}),
  'settings.set': z
    .object({
      defaultSpaceId: spaceId.nullable(),
      notifyReady: z.boolean(),
      notifyFailed: z.boolean(),
      autoProcess: z.boolean(),
      language: z.enum(['auto', 'en', 'ru']),
      hiddenOnSites: z.array(z.string().max(253)).max(500),
      serviceUrl: httpUrl,
    })
    .partial(),
  'spaces.list': z.object({}),
  'space.get': z.object({ spaceId }),
  'recordings.list': z.object({
    spaceId,
    search: z.string().max(255).optional(),
    /** Treat `search` as a regular expression; otherwise its special characters are escaped. */
    regex: z.boolean().optional(),
    limit: z.number().int().min(1).max(100),
    offset: z.number().int().min(0),
  }),
  'recordings.trash': z.object({
    spaceId,
    limit: z.number().int().min(1).max(100),
    offset: z.number().int().min(0),
  }),
  'recordings.delete': z.object({ spaceId, audioIds: z.array(audioId).min(1).max(500) }),
  'recording.info': z.object({ spaceId, audioId }),
  'recording.result': z.object({ spaceId, audioId }),
  'recording.process': z.object({ spaceId, audioId }),
  'jobs.list': z.object({}),
  'jobs.dismiss': z.object({ jobId: z.string().min(1).max(100) }),
  'jobs.cancel': z.object({ jobId: z.string().min(1).max(100) }),
  /** The page stored the file in IndexedDB (lib/file-store.ts) under `fileKey` first. */
  'upload.file': z.object({
    spaceId,
    fileKey: z.string().min(1).max(100),
    title: z.string().min(1).max(1024),
    contentType: z.string().min(1).max(255),
    size: z.number().int().positive(),
    process: z.boolean(),
  }),
  'upload.url': z.object({
    spaceId,
    url: httpUrl,
    title: z.string().min(1).max(1024).optional(),
    process: z.boolean(),
  }),
  'schedules.list': z.object({}),
  'schedules.cancel': z.object({ id: z.string().min(1).max(100) }),
  /** Site access the extension needs for the service and its upload storage, and which is missing. */
  'service.origins': z.object({}),
  // Page-scoped: the top frame of pages the content scripts act on, for that page only.
  'page.context': z.object({}),
  'page.sendBot': z.object({ link: z.string().min(1).max(2048), spaceId: spaceId.optional() }),
  // The background transcribes the sender tab's own page; `url` is accepted and ignored.
  'page.transcribe': z.object({ url: z.string().min(1).max(2048).optional(), spaceId: spaceId.optional() }),
  'page.scheduleBot': z.object({
    link: z.string().min(1).max(2048),
    startsAt: z.number().int().positive(),
    title: z.string().max(500).optional(),
    spaceId: spaceId.optional(),
  }),
  /**
   * "Hide on this site" of the floating page controls: adds `host` to settings `hiddenOnSites`.
   * The background accepts only the sender tab's own host name (a page can hide our controls on
   * itself, nowhere else). Content scripts read `hiddenOnSites` from storage; they never write it.
   */
  'page.hideOnSite': z.object({ host: z.string().min(1).max(253) }),
} as const;

export const PAGE_SCOPED: ReadonlySet<MessageType> = new Set([
  'page.context',
  'page.sendBot',
  'page.transcribe',
  'page.scheduleBot',
  'page.hideOnSite',
]);

export const envelopeSchema = z.object({
  channel: z.literal('meeting-capture'),
  type: z.string().max(64),
  payload: z.unknown(),
});
