/**
 * Schemas of everything the service answers, written from the contract (`service-api.md`).
 *
 * Tolerant of what the extension does not use: unknown fields are dropped (zod objects strip them,
 * they never fail on them) and fields the extension never reads are optional. Strict on what it
 * does use: types and presence of ids, titles, flags, durations, balances and links.
 */
import { z } from 'zod';

// No `new Function` probe (the extension pages' CSP forbids eval, and addons-linter flags it): zod
// checks without generated code. Set in each module that brings zod into a bundle, before any parse.
z.config({ jitless: true });

const id = z.int().nonnegative();
const seconds = z.number().nonnegative();

export { ALLOWED_EXTENSIONS } from './titles';

/** The meeting platforms the bot can join. */
export const MEETING_SERVICES = ['telemost', 'zoom', 'google_meet'] as const;
export type MeetingService = (typeof MEETING_SERVICES)[number];

const recordingFields = {
  id,
  title: z.string(),
  /** ISO 8601 with a time zone offset and microseconds. */
  created_at: z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'Not a date-time'),
  /** Seconds; null until the service has read the file. */
  duration: seconds.nullable(),
  size: z.int().nonnegative(),
  content_type: z.string(),
  space_id: id,
  is_active: z.boolean(),
  is_favorite: z.boolean().optional(),
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
  url: z.array(z.string().min(1)).min(1),
});
export type CreatedRecording = z.infer<typeof CreatedRecordingSchema>;

export const SubscriptionSchema = z.object({
  offer: z
    .object({
      /** Allowed plan names are not shown in the contract: any string. */
      name: z.string().nullish(),
      audio_limit: seconds.nullish(),
    })
    .nullish(),
  usage_count: seconds.nullish(),
  available_usage_count: z.number(),
  is_active: z.boolean(),
  end_date: z.string().nullish(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const SpaceSchema = z.object({
  id,
  name: z.string(),
  description: z.string().nullish(),
  /** Null or absent when a space has no subscription (not shown in the contract). */
  subscribe: SubscriptionSchema.nullish(),
});
export type Space = z.infer<typeof SpaceSchema>;

export const SpaceListItemSchema = z.object({
  is_main_space: z.boolean(),
  space: SpaceSchema,
});
export type SpaceListItem = z.infer<typeof SpaceListItemSchema>;

/** A page of a list. `next`/`previous` use `http://` and are never followed. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.int().nonnegative(),
    next: z.string().nullish(),
    previous: z.string().nullish(),
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
  header: z.string().nullish(),
  /** Unit not shown in the contract (seconds or milliseconds): see `normalizeDialog`. */
  starts: z.array(z.number()),
  ends: z.array(z.number()),
  /** Each entry is `{<speaker_id>}`. */
  speakers: z.array(z.string()),
  texts: z.array(z.string()),
});
export type DialogBlock = z.infer<typeof DialogBlockSchema>;

export const ResultBodySchema = z.object({
  language: z.string().nullish(),
  protocol: z.string(),
  dialog: z.array(DialogBlockSchema),
  /** `<speaker_id>` (digits) to a name or `SPEAKER_<nn>`. */
  speakers_map: z.record(z.string(), z.string()).nullish(),
  /** `{<speaker_id>}` to `[start, end]` pairs. */
  speakers_timeline: z.record(z.string(), z.array(z.tuple([z.number(), z.number()]))).nullish(),
});
export type ResultBody = z.infer<typeof ResultBodySchema>;

export const ProcessingResultSchema = z.object({
  classified: z.boolean(),
  /** Meaningful once `classified` is true; tolerated as null while running. */
  success: z.boolean().nullish(),
  audio_id: id,
  title: z.string(),
  duration: seconds.nullish(),
  is_shared: z.boolean().optional(),
  is_uploaded: z.boolean().optional(),
  /** Null while processing runs, and after a failure. */
  result: ResultBodySchema.nullish(),
});
export type ProcessingResult = z.infer<typeof ProcessingResultSchema>;

/** A meeting bot request. Fields beyond these three are not shown in the contract. */
export const BotRequestSchema = z.object({
  id,
  link: z.string(),
  meeting_service: z.string(),
});
export type BotRequest = z.infer<typeof BotRequestSchema>;

export const SignInAnswerSchema = z.object({ access: z.string().min(1), refresh: z.string().min(1) });
export type SignInAnswer = z.infer<typeof SignInAnswerSchema>;

export const RefreshAnswerSchema = z.object({ access: z.string().min(1) });
export type RefreshAnswer = z.infer<typeof RefreshAnswerSchema>;

/** Answer of by-URL and video-site uploads. */
export const AudioIdAnswerSchema = z.object({ audio_id: id });
export type AudioIdAnswer = z.infer<typeof AudioIdAnswerSchema>;

/** Answer of start processing. `request_id` need not be stored, so its shape is not enforced. */
export const ClassifyAnswerSchema = z.object({
  request_id: z.union([z.string(), z.number()]).nullish(),
});
export type ClassifyAnswer = z.infer<typeof ClassifyAnswerSchema>;

/** A completed part for Complete upload. */
export interface UploadedPart {
  PartNumber: number;
  /** Exactly as returned by storage, with its double quotes. */
  ETag: string;
}
