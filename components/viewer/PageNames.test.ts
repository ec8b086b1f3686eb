// @vitest-environment jsdom
/**
 * PageNames tells the viewer which of the meeting page's names to offer for each voice the
 * matching left unnamed (the speakers tab's rename), from the recording's page timeline, and the
 * calendar event's attendees after them.
 */
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProcessingResult } from '@/lib/api/schemas';
import { PAGE_MARK_LAG, suggestNames } from '@/lib/page-names/suggest';
import { buildTimeline, type PageSample } from '@/lib/page-names/timeline';

const START = 1_790_000_000_000;

/** The page sampled every 250 ms: Anna speaks 5-20 s, Tom 21-40 s, marks `PAGE_MARK_LAG` late. */
function recordedPage() {
  const turns: Record<string, Array<[number, number]>> = { p1: [[5, 20]], p2: [[21, 40]] };
  const samples: PageSample[] = [];
  for (let t = 2; t <= 60; t += 0.25) {
    samples.push({
      t: START + Math.round(t * 1000),
      present: [
        { id: 'me', name: 'Maria Lopez', self: true },
        { id: 'p1', name: 'Anna Petrova' },
        { id: 'p2', name: 'Tom Becker' },
      ],
      speaking: Object.entries(turns)
        .filter(([, list]) => list.some(([s, e]) => t >= s + PAGE_MARK_LAG && t < e + PAGE_MARK_LAG))
        .map(([id]) => id),
    });
  }
  return { timeline: buildTimeline(samples), startedAt: START, bot: false };
}

const page = recordedPage();
/** What `pageNames.get` answers (a test may give the entry attendees, or no page timeline). */
let answer: unknown = page;
vi.mock('@/lib/messaging', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/messaging')>()),
  sendMessage: async () => ({ ok: true, data: answer }),
}));
const { choicesOf, PageNames } = await import('./PageNames');

/** Voice 2 speaks 42-44 s, when nobody on the page did; voice 3 is half Tom's, half silence. */
const speakers = {
  speakers: { '0': 'SPEAKER_00', '1': 'SPEAKER_01', '2': 'SPEAKER_02' },
  timeline: {
    '0': [[5, 20]] as Array<[number, number]>,
    '1': [[21, 40]] as Array<[number, number]>,
    '2': [[42, 44]] as Array<[number, number]>,
  },
};

describe('the names offered for a voice left unnamed', () => {
  it('are the page’s names for each unnamed voice only, none for a voice given a name', () => {
    const choices = choicesOf(suggestNames(page, speakers, {}));
    expect(Object.keys(choices.byVoice)).toEqual(['2']);
    expect(new Set(choices.byVoice['2'])).toEqual(new Set(['Maria Lopez', 'Anna Petrova', 'Tom Becker']));
    expect(choices.from).toBe('page');
    expect(choicesOf(null)).toEqual({ byVoice: {}, from: null });
  });

  it('put the name that spoke with the voice most first', () => {
    const halfTom = {
      ...speakers,
      timeline: { ...speakers.timeline, '2': [[35, 50]] as Array<[number, number]> },
    };
    const { suggestions } = suggestNames(page, halfTom, { '1': 'Someone' });
    const voice = suggestions.find((s) => s.speakerId === '2')!;
    expect(voice.name).toBeNull();
    expect(choicesOf({ suggestions }).byVoice['2']![0]).toBe('Tom Becker');
  });

  describe('mounted', () => {
    const root = document.createElement('div');
    afterEach(async () => {
      answer = page;
      // Unmounted, and Preact's effect timers (100 ms after a paint) run out before the DOM goes.
      await act(async () => {
        render(null, root);
        await new Promise((resolve) => setTimeout(resolve, 150));
      });
    });

    // A result body as the service gives it: its speakers' names and timeline in seconds.
    const result = {
      classified: true,
      duration: 60,
      result: {
        protocol: '',
        dialog: [],
        speakers_map: speakers.speakers,
        speakers_timeline: speakers.timeline,
      },
    } as unknown as ProcessingResult;
    const mount = async (onChoices: (offered: unknown) => void, renamed: Record<string, string> = {}) => {
      await act(async () => {
        render(
          h(PageNames, {
            spaceId: 1,
            audioId: 2,
            result,
            duration: 60,
            renamed,
            onRename: async () => true,
            onEdit: () => {},
            onChoices,
          }),
          root,
        );
      });
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    };

    it('with no page timeline (a bot sent from a calendar), offer the attendees alone to every SPEAKER_<nn>, never the voice the user named', async () => {
      answer = {
        timeline: { v: 1, origin: 0, participants: [], speaking: [], observed: [], truncated: false },
        startedAt: 0,
        bot: true,
        attendees: ['Anna Petrova', 'Tom Becker'],
      };
      const onChoices = vi.fn();
      await mount(onChoices, { '1': 'Chen Wei' });
      expect(onChoices).toHaveBeenLastCalledWith({
        byVoice: { '0': ['Anna Petrova', 'Tom Becker'], '2': ['Anna Petrova', 'Tom Becker'] },
        from: 'calendar',
      });
    });

    it('offer the event’s attendees after the page’s names, without those the page offered', async () => {
      answer = { ...page, attendees: ['tom becker', 'Chen Wei'] };
      const onChoices = vi.fn();
      await mount(onChoices);
      const offered = onChoices.mock.lastCall![0];
      expect(offered.from).toBe('both');
      expect(offered.byVoice['2'].slice(-1)).toEqual(['Chen Wei']);
      expect(offered.byVoice['2']).toHaveLength(4);
    });

    it('tell the viewer, and tell it again when a name is given', async () => {
      const onChoices = vi.fn();
      const props = {
        spaceId: 1,
        audioId: 2,
        result,
        duration: 60,
        renamed: {},
        onRename: async () => true,
        onEdit: () => {},
        onChoices,
      };
      await act(async () => {
        render(h(PageNames, props), root);
      });
      // The timeline's answer, then the matching.
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      expect(onChoices).toHaveBeenLastCalledWith({
        byVoice: { '2': expect.arrayContaining(['Tom Becker']) },
        from: 'page',
      });
      await act(async () => {
        render(h(PageNames, { ...props, renamed: { '2': 'Chen Wei' } }), root);
      });
      expect(onChoices).toHaveBeenLastCalledWith({ byVoice: {}, from: null });
    });
  });
});
