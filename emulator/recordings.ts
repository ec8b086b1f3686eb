/**
 * Recordings of a space: list (search, ordering, pagination), trash, info, delete, and the
 * multipart upload flow (create with upload links, complete, asynchronous assembly).
 */
import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { durationFromFile } from './duration';
import type { Emulator } from './emulator';
import { apiRoute, emptyOk, fieldErrors, json, paginate, pythonType, readData } from './http';
import {
  ALLOWED_EXTENSIONS,
  extensionOf,
  hasAllowedExtension,
  isHiddenFromLists,
  objectKey,
  type Recording,
} from './state';
import { PART_SIZE, partPath, UPLOAD_LINK_TTL_SEC } from './storage';
import { MESSAGES, toInteger, Validator } from './validation';

/** S3 allows 10,000 parts per upload. */
const MAX_FILE_SIZE = 10_000 * PART_SIZE;

const ORDERING_FIELDS = ['created_at', 'title', 'duration'] as const;
type OrderingField = (typeof ORDERING_FIELDS)[number];
const collator = new Intl.Collator('en');

/** DRF OrderingFilter: comma-separated fields, unknown ones dropped, default `-created_at`. */
function orderingOf(param: string | undefined): { field: OrderingField; desc: boolean }[] {
  const terms = (param ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t) => (ORDERING_FIELDS as readonly string[]).includes(t.replace(/^-/, '')))
    .map((t) => ({ field: t.replace(/^-/, '') as OrderingField, desc: t.startsWith('-') }));
  return terms.length > 0 ? terms : [{ field: 'created_at', desc: true }];
}

function compare(a: Recording, b: Recording, field: OrderingField, desc: boolean): number {
  const sign = desc ? -1 : 1;
  if (field === 'title') return sign * collator.compare(a.title, b.title);
  if (field === 'created_at') return sign * (a.createdAtUs - b.createdAtUs);
  // Postgres puts NULLs last in ascending order and first in descending order.
  if (a.duration === null || b.duration === null) {
    if (a.duration === b.duration) return 0;
    return (a.duration === null ? 1 : -1) * sign;
  }
  return sign * (a.duration - b.duration);
}

function sortRecordings(recordings: Recording[], ordering: string | undefined): Recording[] {
  const keys = orderingOf(ordering);
  return recordings.sort((a, b) => {
    for (const key of keys) {
      const result = compare(a, b, key.field, key.desc);
      if (result !== 0) return result;
    }
    return b.id - a.id;
  });
}

/** Validates a title: required, at most 255 characters, an allowed extension. */
export function validateTitle(v: Validator, field = 'title'): string | undefined {
  const title = v.string(field, { maxLength: 255 });
  if (title === undefined) return undefined;
  if (!hasAllowedExtension(title)) {
    v.add(field, MESSAGES.extension(extensionOf(title), ALLOWED_EXTENSIONS));
    return undefined;
  }
  return title;
}

function listOf(emu: Emulator, c: Context, spaceId: number, trash: boolean): Response {
  let items = [...emu.db.recordings.values()].filter(
    (r) => r.spaceId === spaceId && r.isActive === !trash && !isHiddenFromLists(r),
  );
  const search = c.req.query('search');
  if (!trash && search) {
    // Postgres `~*`: a malformed pattern is a database error, so the service answers 500.
    const pattern = new RegExp(search, 'i');
    items = items.filter((r) => pattern.test(r.title));
  }
  items = sortRecordings(items, trash ? undefined : c.req.query('ordering'));
  return paginate(c, items, (r) => emu.recordingJson(r));
}

export function registerRecordingRoutes(app: Hono, emu: Emulator): void {
  apiRoute(app, emu, '/api/spaces/:sid{[0-9]+}/audio/', 'Audio List', {
    GET: (c, user) => {
      const space = emu.requireSpace(user, c.req.param('sid'));
      if (space instanceof Response) return space;
      return listOf(emu, c, space.id, false);
    },
    POST: async (c, user) => {
      const form = await emu.spaceForm(user, c);
      if (form instanceof Response) return form;
      const { space, v } = form;
      const title = validateTitle(v);
      const size = v.integer('size', { min: 1, max: MAX_FILE_SIZE });
      const contentType = v.string('content_type', { maxLength: 255 });
      if (!v.valid || title === undefined || size === undefined || contentType === undefined) {
        return fieldErrors(v.errors);
      }
      const recording = emu.createRecording(space.id, title, contentType, 'upload');
      recording.size = size;
      const uploadId = randomBytes(24).toString('base64url');
      const partCount = Math.ceil(size / PART_SIZE);
      const upload = {
        uploadId,
        recordingId: recording.id,
        partCount,
        state: 'open' as const,
        parts: new Map(),
      };
      recording.upload = upload;
      emu.db.uploads.set(uploadId, upload);
      const now = emu.now();
      const links = Array.from({ length: partCount }, (_, i) =>
        emu.signer.sign('PUT', partPath(uploadId, i + 1), UPLOAD_LINK_TTL_SEC, now),
      );
      return json(emu.recordingJson(recording, links), 201);
    },
  });

  apiRoute(app, emu, '/api/spaces/:sid{[0-9]+}/audio/trash/', 'Audio Trash', {
    GET: (c, user) => {
      const space = emu.requireSpace(user, c.req.param('sid'));
      if (space instanceof Response) return space;
      return listOf(emu, c, space.id, true);
    },
  });

  apiRoute(app, emu, '/api/spaces/:sid{[0-9]+}/audio/:aid{[0-9]+}/info/', 'Audio Info', {
    GET: (c, user) => {
      const recording = emu.findRecording(user, c.req.param('sid'), c.req.param('aid'));
      return recording instanceof Response ? recording : json(emu.recordingJson(recording));
    },
  });

  apiRoute(app, emu, '/api/spaces/:sid{[0-9]+}/audio/delete_list/', 'Audio Delete List', {
    POST: async (c, user) => {
      const form = await emu.spaceForm(user, c);
      if (form instanceof Response) return form;
      const { space, v } = form;
      const raw = v.list('audio_ids');
      if (!v.valid || raw === undefined) return fieldErrors(v.errors);
      const chosen: Recording[] = [];
      for (const item of raw) {
        if (item === null) return fieldErrors({ audio_ids: [MESSAGES.null] });
        const id = typeof item === 'boolean' ? null : toInteger(item);
        if (typeof id !== 'number') {
          return fieldErrors({
            audio_ids: [`Incorrect type. Expected pk value, received ${pythonType(item)}.`],
          });
        }
        const recording = emu.db.recordings.get(id);
        if (!recording || recording.spaceId !== space.id) {
          return fieldErrors({ audio_ids: [`Invalid pk "${String(item)}" - object does not exist.`] });
        }
        chosen.push(recording);
      }
      for (const recording of chosen) recording.isActive = false;
      return emptyOk();
    },
  });

  apiRoute(
    app,
    emu,
    '/api/spaces/:sid{[0-9]+}/audio/:aid{[0-9]+}/complete_upload/',
    'Audio Complete Upload',
    {
      POST: async (c, user) => {
        const recording = emu.findRecording(user, c.req.param('sid'), c.req.param('aid'));
        if (recording instanceof Response) return recording;
        const body = await readData(c);
        if (!body.ok) return body.response;
        const v = new Validator(body.data);
        const raw = v.list('parts');
        if (!v.valid || raw === undefined) return fieldErrors(v.errors);

        const parts: { number: number; etag: string }[] = [];
        raw.forEach((item, index) => {
          const label = `Item ${index + 1}`;
          if (item === null || typeof item !== 'object' || Array.isArray(item)) {
            v.add('parts', `${label}: Invalid data. Expected a dictionary, but got ${pythonType(item)}.`);
            return;
          }
          const iv = new Validator(item as Record<string, unknown>);
          const number = iv.integer('PartNumber', { min: 1 });
          const etag = iv.string('ETag', { trim: false });
          for (const [field, messages] of Object.entries(iv.errors)) {
            for (const message of messages) v.add('parts', `${label}: ${field}: ${message}`);
          }
          if (number !== undefined && etag !== undefined) parts.push({ number, etag });
        });
        if (!v.valid) return fieldErrors(v.errors);

        const counters = emu.db.counters;
        const upload = recording.upload;
        // Already completed (or never a multipart upload but already received): nothing to do.
        if (recording.isUploaded || (upload && upload.state !== 'open')) {
          counters.completeUploads++;
          return emptyOk();
        }
        if (!upload) {
          return fieldErrors({ non_field_errors: ['This recording does not take a multipart upload.'] });
        }

        const problems: string[] = [];
        const inOrder = parts.length === upload.partCount && parts.every((p, i) => p.number === i + 1);
        if (!inOrder) {
          const got = parts.map((p) => p.number).join(', ');
          problems.push(
            `Parts must be numbered 1 to ${upload.partCount} in upload order, each exactly once; got ${got}.`,
          );
        }
        let total = 0;
        for (const part of parts) {
          const stored = upload.parts.get(part.number);
          if (!stored) {
            if (part.number <= upload.partCount) problems.push(`Part ${part.number} has not been uploaded.`);
            continue;
          }
          if (stored.etag !== part.etag)
            problems.push(`ETag of part ${part.number} does not match the uploaded part.`);
        }
        for (const stored of upload.parts.values()) total += stored.bytes.length;
        if (problems.length === 0 && total !== recording.size) {
          problems.push(`The uploaded parts hold ${total} bytes; the declared size is ${recording.size}.`);
        }
        if (problems.length > 0) return fieldErrors({ parts: problems });

        upload.state = 'assembling';
        counters.completeUploads++;
        const db = emu.db;
        const due = emu.now() + emu.options.assembleDelayMs;
        const bytes = Buffer.concat(parts.map((p) => upload.parts.get(p.number)?.bytes ?? Buffer.alloc(0)));
        // Read before the assembly is scheduled: the scheduler's tasks are synchronous.
        const duration = await durationFromFile(bytes);
        emu.scheduler.at(due, () => {
          db.objects.set(recording.storageKey, { bytes, contentType: recording.contentType });
          upload.state = 'completed';
          upload.parts.clear();
          recording.duration = duration;
          recording.isUploaded = true;
        });
        return emptyOk();
      },
    },
  );
}

export function newObjectKey(spaceId: number, recordingId: number, title: string): string {
  return objectKey(spaceId, recordingId, title, randomBytes(8).toString('hex'));
}
