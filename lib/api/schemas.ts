/**
 * Schemas of everything the service answers, written from the contract (`service-api.md`).
 *
 * Tolerant of what the extension does not use: unknown fields are dropped (zod objects strip them,
 * they never fail on them) and fields the extension never reads are optional. Strict on what it
 * does use: types and presence of ids, titles, flags, durations, balances and links.
 *
 * zod's functional build (lib/zod.ts): `z.optional(x)` is `x.optional()` of the chained build,
 * `x.check(z.minLength(1))` is `x.min(1)`.
 */
import type { BotService } from '../meetings';
import { z } from '../zod';

// No `new Function` probe: lib/zod.ts sets `jitless` (and the English messages) for every schema.
const id = z.int().check(z.nonnegative());
const seconds = z.number().check(z.nonnegative());

export { ALLOWED_EXTENSIONS } from './titles';

/**
 * The meeting platforms the bot can join: the contract's `meeting_service` values, one definition
 * (`BotService`, lib/meetings/types.ts), each the `bot` of a service of the registry. The list
 * must name every one.
 */
export const BOT_SERVICE_VALUES = [
  'telemost',
  'zoom',
  'google_meet',
] as const satisfies readonly BotService[];
/** Fails to compile when the contract type has a value the list above lacks. */
const everyService: Record<Exclude<BotService, (typeof BOT_SERVICE_VALUES)[number]>, never> = {};
void everyService;

const recordingFields = {
  id,
  title: z.string(),
  /** ISO 8601 with a time zone offset and microseconds. */
  created_at: z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), 'Not a date-time')),
  /** Seconds; null until the service has read the file. */
  duration: z.nullable(seconds),
  size: z.int().check(z.nonnegative()),
  content_type: z.string(),
  space_id: id,
  is_active: z.boolean(),
  is_favorite: z.optional(z.boolean()),
  is_uploaded: z.boolean(),
  was_classified: z.boolean(),
  result_is_ready: z.boolean(),
};

/** A recording in info, list and trash answers: `url` is the source file link (valid 1 hour). */
export const RecordingSchema = z.object({ ...recordingFields, url: z.string() });
export type Recording = z.infer<typeof RecordingSchema>;

/** The create answer: `url` is the list of upload links, one per part (valid 5 hours). */
export const CreatedRecordingSchema = z.object({
  ...recordingFields,
  url: z.array(z.string().check(z.minLength(1))).check(z.minLength(1)),
});
export type CreatedRecording = z.infer<typeof CreatedRecordingSchema>;

export const SubscriptionSchema = z.object({
  offer: z.nullish(
    z.object({
      /** Allowed plan names are not shown in the contract: any string. */
      name: z.nullish(z.string()),
      audio_limit: z.nullish(seconds),
    }),
  ),
  usage_count: z.nullish(seconds),
  available_usage_count: z.number(),
  is_active: z.boolean(),
  end_date: z.nullish(z.string()),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const SpaceSchema = z.object({
  id,
  name: z.string(),
  description: z.nullish(z.string()),
  /** Null or absent when a space has no subscription (not shown in the contract). */
  subscribe: z.nullish(SubscriptionSchema),
});
export type Space = z.infer<typeof SpaceSchema>;

export const SpaceListItemSchema = z.object({
  is_main_space: z.boolean(),
  space: SpaceSchema,
});
export type SpaceListItem = z.infer<typeof SpaceListItemSchema>;

/** A page of a list. `next`/`previous` use `http://` and are never followed. */
export function pageSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({
    count: z.int().check(z.nonnegative()),
    next: z.nullish(z.string()),
    previous: z.nullish(z.string()),
    results: z.array(item),
  });
}
export interface Page<T> {
  count: number;
  next?: string | null;
  previous?: string | null;
  results: T[];
}

export const RecordingPageSchema = pageSchema(RecordingSchema);
export const SpacePageSchema = pageSchema(SpaceListItemSchema);

/** A topic block of the transcript: parallel arrays, one entry per utterance. */
export const DialogBlockSchema = z.object({
  header: z.nullish(z.string()),
  /** Unit not shown in the contract (seconds or milliseconds): see `normalizeDialog`. */
  starts: z.array(z.number()),
  ends: z.array(z.number()),
  /** Each entry is `{<speaker_id>}`. */
  speakers: z.array(z.string()),
  texts: z.array(z.string()),
});
export type DialogBlock = z.infer<typeof DialogBlockSchema>;

export const ResultBodySchema = z.object({
  language: z.nullish(z.string()),
  protocol: z.string(),
  dialog: z.array(DialogBlockSchema),
  /** `<speaker_id>` (digits) to a name or `SPEAKER_<nn>`. */
  speakers_map: z.nullish(z.record(z.string(), z.string())),
  /** `{<speaker_id>}` to `[start, end]` pairs. */
  speakers_timeline: z.nullish(z.record(z.string(), z.array(z.tuple([z.number(), z.number()])))),
});
export type ResultBody = z.infer<typeof ResultBodySchema>;

export const ProcessingResultSchema = z.object({
  classified: z.boolean(),
  /** Meaningful once `classified` is true; tolerated as null while running. */
  success: z.nullish(z.boolean()),
  audio_id: id,
  title: z.string(),
  duration: z.nullish(seconds),
  is_shared: z.optional(z.boolean()),
  is_uploaded: z.optional(z.boolean()),
  /** Null while processing runs, and after a failure. */
  result: z.nullish(ResultBodySchema),
});
export type ProcessingResult = z.infer<typeof ProcessingResultSchema>;

/** A meeting bot request. Fields beyond these three are not shown in the contract. */
export const BotRequestSchema = z.object({
  id,
  link: z.string(),
  meeting_service: z.string(),
});
export type BotRequest = z.infer<typeof BotRequestSchema>;

export const SignInAnswerSchema = z.object({
  access: z.string().check(z.minLength(1)),
  refresh: z.string().check(z.minLength(1)),
});
export type SignInAnswer = z.infer<typeof SignInAnswerSchema>;

export const RefreshAnswerSchema = z.object({ access: z.string().check(z.minLength(1)) });
export type RefreshAnswer = z.infer<typeof RefreshAnswerSchema>;

/** Answer of by-URL and video-site uploads. */
export const AudioIdAnswerSchema = z.object({ audio_id: id });
export type AudioIdAnswer = z.infer<typeof AudioIdAnswerSchema>;

/** Answer of start processing. `request_id` need not be stored, so its shape is not enforced. */
export const ClassifyAnswerSchema = z.object({
  request_id: z.nullish(z.union([z.string(), z.number()])),
});
export type ClassifyAnswer = z.infer<typeof ClassifyAnswerSchema>;

/** A completed part for Complete upload. */
export interface UploadedPart {
  PartNumber: number;
  /** Exactly as returned by storage, with its double quotes. */
  ETag: string;
}
