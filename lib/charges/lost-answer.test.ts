/** Recognising the recording a by-URL or video-page submit made when its answer was lost. */
import { describe, expect, it } from 'vitest';
import { findLostAnswerRecording, isVideoTitle, namesVideoId } from './lost-answer';

const CLICK = Date.parse('2026-11-25T12:00:00.000Z');
const at = (seconds: number) => new Date(CLICK + seconds * 1000).toISOString();
const rec = (id: number, title: string, seconds: number, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  content_type: 'audio/mp4',
  created_at: at(seconds),
  is_active: true,
  ...extra,
});

const video = (
  recordings: ReturnType<typeof rec>[],
  more: { preexisting?: number[]; claimed?: number[] } = {},
) =>
  findLostAnswerRecording({
    recordings,
    preexisting: more.preexisting ?? [],
    claimed: new Set(more.claimed ?? []),
    notBefore: CLICK,
    videoTitle: 'Quarterly review - YouTube',
  })?.id ?? null;

describe('findLostAnswerRecording', () => {
  it('adopts the new recording with the video’s title, made after the click', () => {
    expect(video([rec(7, 'Quarterly review.m4a', 40), rec(3, 'Standup.m4a', 10)])).toBe(7);
  });

  it('never adopts one made before the click, one listed before it, or one another job owns', () => {
    expect(video([rec(7, 'Quarterly review.m4a', -1)])).toBeNull();
    expect(video([rec(7, 'Quarterly review.m4a', 40)], { preexisting: [7] })).toBeNull();
    expect(video([rec(7, 'Quarterly review.m4a', 40)], { claimed: [7] })).toBeNull();
  });

  it('never adopts another title, nor a recording in the trash', () => {
    expect(video([rec(8, 'Weekly sync.m4a', 40)])).toBeNull();
    expect(video([rec(8, 'Quarterly review.m4a', 40, { is_active: false })])).toBeNull();
  });

  it('of two candidates the older is this click’s', () => {
    expect(video([rec(9, 'Quarterly review.m4a', 80), rec(8, 'Quarterly review.m4a', 30)])).toBe(8);
  });

  it('by URL: the exact title and type sent, nothing else', () => {
    const link = { title: 'call.wav', contentType: 'audio/wav' };
    const find = (recordings: ReturnType<typeof rec>[]) =>
      findLostAnswerRecording({ recordings, preexisting: [], claimed: new Set(), notBefore: CLICK, link })
        ?.id ?? null;
    expect(find([rec(5, 'call.wav', 5, { content_type: 'audio/wav' })])).toBe(5);
    expect(find([rec(5, 'Call.wav', 5, { content_type: 'audio/wav' })])).toBeNull();
    expect(find([rec(5, 'call.wav', 5, { content_type: 'audio/mpeg' })])).toBeNull();
    expect(find([rec(5, 'call.wav', -5, { content_type: 'audio/wav' })])).toBeNull();
  });

  it('video page: a recording named by the video’s id is adopted when its title is not the tab’s', () => {
    const byId = (recordings: ReturnType<typeof rec>[], videoId: string) =>
      findLostAnswerRecording({
        recordings,
        preexisting: [],
        claimed: new Set(),
        notBefore: CLICK,
        videoTitle: 'Meeting notes that write themselves - YouTube',
        videoId,
      })?.id ?? null;
    expect(byId([rec(7, 'Video dQw4w9WgXcQ.m4a', 40)], 'dQw4w9WgXcQ')).toBe(7);
    expect(byId([rec(7, 'Quarterly [dQw4w9WgXcQ].m4a', 40)], 'dQw4w9WgXcQ')).toBe(7);
    expect(byId([rec(7, 'Video xdQw4w9WgXcQ.m4a', 40)], 'dQw4w9WgXcQ')).toBeNull();
    expect(byId([rec(7, 'Video dQw4w9WgXcQ.m4a', -1)], 'dQw4w9WgXcQ')).toBeNull();
  });

  it('without a title to tell it by, adopts nothing', () => {
    expect(
      findLostAnswerRecording({
        recordings: [rec(7, 'Quarterly review.m4a', 40)],
        preexisting: [],
        claimed: new Set(),
        notBefore: CLICK,
      }),
    ).toBeNull();
  });
});

describe('isVideoTitle', () => {
  it.each([
    ['Quarterly review.m4a', 'Quarterly review - YouTube', true],
    ['quarterly  REVIEW.m4a', 'Quarterly review', true],
    [
      'Quarterly review and a very long tail cut by the service.m4a',
      'Quarterly review and a very long tail',
      true,
    ],
    ['Video.m4a', 'Quarterly review - YouTube', false],
    ['.m4a', 'Quarterly review', false],
    ['abc.m4a', 'abc def', false],
  ])('%s against %s: %s', (recordingTitle, videoTitle, expected) => {
    expect(isVideoTitle(recordingTitle, videoTitle)).toBe(expected);
  });
});

describe('namesVideoId', () => {
  it.each([
    ['Video dQw4w9WgXcQ.m4a', 'dQw4w9WgXcQ', true],
    ['My talk [dQw4w9WgXcQ].m4a', 'dQw4w9WgXcQ', true],
    ['dQw4w9WgXcQ.m4a', 'dQw4w9WgXcQ', true],
    ['Video dQw4w9WgXcQ2.m4a', 'dQw4w9WgXcQ', false],
    ['Video a-dQw4w9WgXcQ.m4a', 'dQw4w9WgXcQ', false],
    ['Video abc.m4a', 'abc', false],
    ['Video x1x1x1 and x1x1x1z.m4a', 'x1x1x1', true],
  ])('%s names %s: %s', (recordingTitle, videoId, expected) => {
    expect(namesVideoId(recordingTitle, videoId)).toBe(expected);
  });
});
