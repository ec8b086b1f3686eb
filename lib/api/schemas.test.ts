import { describe, expect, it } from 'vitest';
import {
  BotRequestSchema,
  CreatedRecordingSchema,
  ProcessingResultSchema,
  RecordingPageSchema,
  RecordingSchema,
  SpacePageSchema,
  SpaceSchema,
} from './schemas';
import { recording } from './testing/fake-service';

const space = {
  id: 4,
  name: 'Almost empty',
  description: '',
  subscribe: {
    offer: { name: 'Starter', audio_limit: 3600 },
    usage_count: 3480,
    available_usage_count: 120,
    is_active: true,
    end_date: '2026-12-31',
  },
};

const finished = {
  classified: true,
  success: true,
  audio_id: 5,
  title: 'Sync.mp3',
  duration: 600,
  is_shared: false,
  is_uploaded: true,
  result: {
    language: 'en',
    protocol: '# Protocol',
    dialog: [
      { header: 'Intro', starts: [0, 5], ends: [5, 9], speakers: ['{0}', '{1}'], texts: ['Hi', 'Hello'] },
    ],
    speakers_map: { '0': 'Anna', '1': 'SPEAKER_01' },
    speakers_timeline: { '{0}': [[0, 5]], '{1}': [[5, 9]] },
  },
};

describe('schemas: tolerant of unknown fields', () => {
  it('accepts a recording with extra fields and drops them', () => {
    const parsed = RecordingSchema.parse(recording({ brand_new_field: { nested: true }, tags: ['x'] }));
    expect(parsed.id).toBe(101);
    expect('brand_new_field' in parsed).toBe(false);
  });

  it('accepts a null duration (file not read yet) and a missing is_favorite', () => {
    const { is_favorite: _, ...withoutFavorite } = recording({ duration: null });
    expect(RecordingSchema.parse(withoutFavorite).duration).toBeNull();
  });

  it('accepts spaces and space pages with unknown plan names and extra fields', () => {
    expect(
      SpaceSchema.parse({
        ...space,
        color: 'red',
        subscribe: { ...space.subscribe, offer: { name: 'Whatever 2027', audio_limit: 1 } },
      }).name,
    ).toBe('Almost empty');
    const pageOfSpaces = SpacePageSchema.parse({
      count: 1,
      next: null,
      previous: null,
      results: [{ is_main_space: true, space, role: 'owner' }],
    });
    expect(pageOfSpaces.results[0]?.space.subscribe?.available_usage_count).toBe(120);
  });

  it('accepts a space without a subscription', () => {
    expect(SpaceSchema.parse({ ...space, subscribe: null }).subscribe).toBeNull();
  });

  it('accepts a bot request with fields beyond the three documented ones', () => {
    expect(
      BotRequestSchema.parse({
        id: 3,
        link: 'https://zoom.us/j/1',
        meeting_service: 'zoom',
        status: 'queued',
        created_at: 'x',
      }),
    ).toEqual({ id: 3, link: 'https://zoom.us/j/1', meeting_service: 'zoom' });
  });

  it('accepts results while running (null result), finished, and failed', () => {
    expect(
      ProcessingResultSchema.parse({ ...finished, classified: false, success: false, result: null }).result,
    ).toBeNull();
    expect(ProcessingResultSchema.parse(finished).result?.dialog[0]?.texts).toEqual(['Hi', 'Hello']);
    expect(ProcessingResultSchema.parse({ ...finished, success: false, result: null }).success).toBe(false);
  });

  it('accepts a page whose next link uses http://', () => {
    expect(
      RecordingPageSchema.parse({
        count: 3,
        next: 'http://api.test/api/spaces/1/audio/?limit=1&offset=1',
        previous: null,
        results: [recording()],
      }).count,
    ).toBe(3);
  });
});

describe('schemas: strict on what the extension uses', () => {
  it.each([
    ['id', { id: undefined }],
    ['title', { title: 42 }],
    ['created_at', { created_at: 'yesterday' }],
    ['duration', { duration: '600' }],
    ['is_uploaded', { is_uploaded: 'true' }],
    ['url', { url: ['http://storage.test/a'] }],
  ])('rejects a recording with a bad %s', (path, override) => {
    const result = RecordingSchema.safeParse(recording(override));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(path);
  });

  it('needs upload links as a non-empty array in the create answer', () => {
    expect(CreatedRecordingSchema.safeParse(recording({ url: ['http://storage.test/p1'] })).success).toBe(
      true,
    );
    expect(CreatedRecordingSchema.safeParse(recording({ url: 'http://storage.test/p1' })).success).toBe(
      false,
    );
    expect(CreatedRecordingSchema.safeParse(recording({ url: [] })).success).toBe(false);
  });

  it('rejects a space without a balance or with a non-integer id', () => {
    expect(
      SpaceSchema.safeParse({ ...space, subscribe: { ...space.subscribe, available_usage_count: undefined } })
        .success,
    ).toBe(false);
    expect(SpaceSchema.safeParse({ ...space, id: '4' }).success).toBe(false);
  });

  it('rejects a result whose dialog has the wrong types', () => {
    const broken = {
      ...finished,
      result: { ...finished.result, dialog: [{ ...finished.result.dialog[0], starts: ['0'] }] },
    };
    expect(ProcessingResultSchema.safeParse(broken).success).toBe(false);
    expect(ProcessingResultSchema.safeParse({ ...finished, classified: 'yes' }).success).toBe(false);
  });

  it('rejects a page without count or results', () => {
    expect(RecordingPageSchema.safeParse({ results: [] }).success).toBe(false);
    expect(RecordingPageSchema.safeParse({ count: 0 }).success).toBe(false);
  });
});
