/**
 * The sources as plain data: made from the linker's answer (text cut, scores dropped, the work
 * budget and the line limit told), believed from a thread or the archive only within their
 * bounds, and read both ways (a line's utterances, an utterance's lines). Meetings written for the
 * tests.
 */
import { describe, expect, it } from 'vitest';
import type { ProcessingResult } from '@/lib/api/schemas';
import { groundProtocol, sourcesOfResult, toProtocolSources } from '.';
import { MAX_LINES } from './protocol';
import {
  citedBy,
  citedUtterances,
  isProtocolSources,
  LINE_TEXT_MAX,
  type ProtocolSources,
  SOURCE_LINES_MAX,
} from './sources';
import {
  isItemsMessage,
  isSourcesAnswer,
  isSourcesRequest,
  linkerThread,
  linkInWorker,
  SOURCES_CHANNEL,
  sourcesOf,
  sourcesRequest,
} from './thread';

const result: ProcessingResult = {
  classified: true,
  success: true,
  audio_id: 1,
  title: 'Budget',
  duration: 120,
  result: {
    language: 'en',
    protocol: '## Decisions\n- Anna sends the budget to the vendor by Friday\n- The office moves to Mars',
    dialog: [
      {
        header: 'Budget',
        starts: [0, 10, 20],
        ends: [9, 19, 29],
        speakers: ['{1}', '{2}', '{1}'],
        texts: [
          'Good morning everyone, shall we start with the numbers?',
          'I will send the budget to the vendor on Friday, that is settled.',
          'Thanks Anna, the vendor needs it before the weekend.',
        ],
      },
    ],
    speakers_map: { '1': 'SPEAKER_01', '2': 'SPEAKER_02' },
  },
};

const line = (sources: Array<{ block: number; utterance: number }> | null, checked = true) => ({
  kind: 'item' as const,
  item: 0,
  paragraph: null,
  sentence: null,
  text: 'A line',
  checked,
  sources,
});

describe('a protocol’s sources as plain data', () => {
  it('are made from the linker’s answer: places only, a line said and one never said', () => {
    const sources = sourcesOfResult(result, { '2': 'Anna' });
    expect(isProtocolSources(sources)).toBe(true);
    expect(sources.complete).toBe(true);
    expect(sources.lines.map(({ text, item, checked }) => ({ text, item, checked }))).toEqual([
      { text: 'Anna sends the budget to the vendor by Friday', item: 0, checked: true },
      { text: 'The office moves to Mars', item: 1, checked: true },
    ]);
    expect(sources.lines[0]!.sources?.[0]).toEqual({ block: 0, utterance: 1 });
    expect(sources.lines[1]!.sources).toBeNull();
    // Plain data: it survives a structured clone and JSON unchanged, with no score in it.
    expect(JSON.parse(JSON.stringify(sources))).toEqual(sources);
    expect(JSON.stringify(sources)).not.toContain('score');
  });

  it('cut a long line’s text, and say when lines were past the budget or the line limit', () => {
    const long = `- ${'budget '.repeat(200)}\n`;
    const one = toProtocolSources(groundProtocol({ protocol: long, blocks: [], names: {} }));
    expect(one.lines[0]!.text).toHaveLength(LINE_TEXT_MAX);
    expect(one.lines[0]!.text.endsWith('…')).toBe(true);
    // A surrogate pair is never cut in half.
    const emoji = toProtocolSources(
      groundProtocol({ protocol: `- ${'😀'.repeat(200)}`, blocks: [], names: {} }),
    );
    expect(emoji.lines[0]!.text.at(-2)).not.toMatch(/[\uD800-\uDBFF]/);
    expect(isProtocolSources(emoji)).toBe(true);

    const many = toProtocolSources(
      groundProtocol({
        protocol: Array.from({ length: MAX_LINES + 5 }, (_, i) => `- line ${i}`).join('\n'),
        blocks: [],
        names: {},
      }),
    );
    expect(many.lines).toHaveLength(MAX_LINES);
    expect(many.complete).toBe(false);
    expect(isProtocolSources(many)).toBe(true);
  });

  it('are believed only in their shape and bounds', () => {
    const good: ProtocolSources = { complete: true, lines: [line([{ block: 0, utterance: 1 }]), line(null)] };
    expect(isProtocolSources(good)).toBe(true);
    for (const bad of [
      null,
      [],
      { lines: [] },
      { complete: true, lines: {} },
      { complete: true, lines: [{ ...line(null), kind: 'table' }] },
      { complete: true, lines: [{ ...line(null), text: 'x'.repeat(LINE_TEXT_MAX + 1) }] },
      { complete: true, lines: [line([{ block: -1, utterance: 0 }])] },
      { complete: true, lines: [line([{ block: 0.5, utterance: 0 }])] },
      { complete: true, lines: [line(Array.from({ length: 4 }, () => ({ block: 0, utterance: 0 })))] },
      { complete: true, lines: [{ ...line(null), checked: 'yes' }] },
      { complete: true, lines: Array.from({ length: SOURCE_LINES_MAX + 1 }, () => line(null)) },
    ])
      expect(isProtocolSources(bad), JSON.stringify(bad)?.slice(0, 80)).toBe(false);
  });

  it('are read both ways: a line’s utterances (places the transcript lacks left out), an utterance’s lines', () => {
    const sources = {
      complete: true,
      lines: [
        line([
          { block: 0, utterance: 1 },
          { block: 3, utterance: 0 },
        ]),
        line([{ block: 0, utterance: 1 }]),
        line(null),
      ],
    };
    const blocks = [{ utterances: ['a', 'b'] }];
    expect(citedUtterances(sources.lines[0]!, blocks)).toEqual([
      { place: { block: 0, utterance: 1 }, utterance: 'b' },
    ]);
    expect(citedUtterances(sources.lines[2]!, blocks)).toEqual([]);
    expect([...citedBy(sources)]).toEqual([
      ['0.1', [0, 1]],
      ['3.0', [0]],
    ]);
  });
});

describe('the linker’s thread', () => {
  function fakeWorker(answer: (request: unknown) => unknown | null) {
    const state = { terminated: 0, listeners: new Map<string, (event: never) => void>() };
    return {
      state,
      worker: {
        postMessage: (request: unknown) => {
          const data = answer(request);
          if (data !== null) queueMicrotask(() => state.listeners.get('message')?.({ data } as never));
        },
        terminate: () => {
          state.terminated += 1;
        },
        addEventListener: (type: string, listener: (event: never) => void) => {
          state.listeners.set(type, listener);
        },
      },
    };
  }

  it('answers with the sources a Worker found, and ends it', async () => {
    const { worker, state } = fakeWorker((request) => {
      expect(request).toEqual({ channel: SOURCES_CHANNEL, result, names: { '2': 'Anna' } });
      return { ok: true, sources: sourcesOfResult(result) };
    });
    const answer = await linkInWorker(() => worker, sourcesRequest(result, { '2': 'Anna' }));
    expect(sourcesOf(answer).lines).toHaveLength(2);
    expect(state.terminated).toBe(1);
  });

  it('a Worker that answers nonsense, fails or never answers is ended with a reason, never hangs', async () => {
    const nonsense = fakeWorker(() => ({ ok: true, sources: { lines: 'all of them' } }));
    expect(await linkInWorker(() => nonsense.worker, sourcesRequest(result))).toEqual({
      ok: false,
      message: 'the linker gave no answer',
      reason: 'no-answer',
    });
    const silent = fakeWorker(() => null);
    let fire: () => void = () => undefined;
    const pending = linkInWorker(() => silent.worker, sourcesRequest(result), 30_000, {
      set: (callback) => {
        fire = callback;
        return 1;
      },
      clear: () => undefined,
    });
    fire();
    const late = await pending;
    expect(late).toEqual({ ok: false, message: 'the sources were not found in time', reason: 'late' });
    expect(silent.state.terminated).toBe(1);
    expect(() => sourcesOf(late)).toThrow('the sources were not found in time');
    expect(() => sourcesOf(late)).toThrow(expect.objectContaining({ reason: 'late' }));
    // A Worker's own failure (no reason given) is a failure of linking, its words kept.
    expect(() => sourcesOf({ ok: false, message: 'out of memory' })).toThrow(
      expect.objectContaining({ reason: 'failed', message: 'out of memory' }),
    );
    const unstartable = await linkInWorker(() => {
      throw new Error('Worker is not defined');
    }, sourcesRequest(result));
    expect(unstartable).toEqual({ ok: false, message: 'Worker is not defined', reason: 'failed' });
    expect(isSourcesAnswer({ ok: false })).toBe(false);
    expect(isSourcesAnswer({ ok: false, message: 'x', reason: 'tired' })).toBe(false);
    expect(isSourcesAnswer({ ok: false, message: 'x', reason: 'busy' })).toBe(true);
  });

  it('a kept linker links results one after another in one Worker, and stops it when it fails', async () => {
    const starts: Array<ReturnType<typeof fakeWorker>> = [];
    let fail = false;
    const linker = linkerThread(() => {
      const fake = fakeWorker(() =>
        fail ? { ok: true, sources: 'none' } : { ok: true, sources: sourcesOfResult(result) },
      );
      starts.push(fake);
      return fake.worker;
    });
    expect(sourcesOf(await linker.link(sourcesRequest(result))).lines).toHaveLength(2);
    expect(sourcesOf(await linker.link(sourcesRequest(result))).lines).toHaveLength(2);
    expect(starts).toHaveLength(1);
    expect(starts[0]!.state.terminated).toBe(0);
    fail = true;
    expect(await linker.link(sourcesRequest(result))).toEqual({
      ok: false,
      message: 'the linker gave no answer',
      reason: 'no-answer',
    });
    expect(starts[0]!.state.terminated).toBe(1);
    fail = false;
    expect(sourcesOf(await linker.link(sourcesRequest(result))).lines).toHaveLength(2);
    expect(starts).toHaveLength(2);
  });

  it('the same kept Worker reads a protocol’s action items, on the linker’s channel, each answer checked', async () => {
    const posted: unknown[] = [];
    const fake = fakeWorker((request) => {
      posted.push(request);
      return isItemsMessage(request)
        ? { ok: true, items: [] }
        : { ok: true, sources: sourcesOfResult(result) };
    });
    const linker = linkerThread(() => fake.worker);
    const request = { protocol: '- Anna sends the budget', names: [], createdAt: null, language: 'en' };
    expect(await linker.items(request)).toEqual({ ok: true, items: [] });
    expect(posted[0]).toEqual({ channel: SOURCES_CHANNEL, items: request });
    expect(sourcesOf(await linker.link(sourcesRequest(result))).lines).toHaveLength(2);
    expect(fake.state.terminated).toBe(0);
    // An items request is not a sources request, nor the other way round.
    expect(isSourcesRequest(posted[0])).toBe(false);
    expect(isItemsMessage(posted[1])).toBe(false);
  });
});
