/** Meetings with a known truth, and the processing result that diarizes one. */
import { describe, expect, it } from 'vitest';
import { SEED } from './index';
import { diarize, type SpeakersTruth, synthesizeMeeting } from './speakers';
import { useEmulator } from './test/helpers';

const env = useEmulator();
const R = SEED.recordings;
const S = SEED.spaces;

const truth: SpeakersTruth = {
  speakers: [
    {
      name: 'Anna Petrova',
      turns: [
        [2, 30],
        [61, 64],
        [90, 140],
        [200, 260],
      ],
    },
    {
      name: 'Tom Becker',
      turns: [
        [31, 60],
        [65, 88],
        [141, 150],
        [151, 155],
      ],
    },
    { name: 'Silent Sam', turns: [] },
    {
      name: 'Anna Smirnova',
      turns: [
        [156, 199],
        [262, 300],
      ],
    },
  ],
};

const near = (a: number, b: number) => Math.abs(a - b) <= 1 + 1e-9;

describe('a diarization built from the truth', () => {
  it('has the errors of a real one: edges within 1 s, one short turn to another voice, an unknown voice', () => {
    const voices = diarize(truth, 7);
    // Three who spoke and the unknown voice; Silent Sam has none.
    expect(voices.map((v) => v.owner).sort()).toEqual([0, 1, 3, null]);
    expect(voices.map((v) => v.label)).toEqual(['SPEAKER_00', 'SPEAKER_01', 'SPEAKER_02', 'SPEAKER_03']);
    const all = truth.speakers.flatMap((s, owner) => s.turns.map((turn) => ({ owner, turn })));
    let moved = 0;
    for (const voice of voices.filter((v) => v.owner !== null)) {
      for (const [start, end] of voice.turns) {
        const source = all.find((t) => near(t.turn[0], start) && near(t.turn[1], end));
        expect(source, `${voice.label} ${start}-${end}`).toBeDefined();
        if (source!.owner !== voice.owner) moved += 1;
      }
    }
    expect(moved).toBe(1);
    const unknown = voices.find((v) => v.owner === null)!;
    expect(unknown.turns.length).toBeGreaterThanOrEqual(1);
    for (const [start, end] of unknown.turns) expect(end - start).toBeLessThanOrEqual(4.5);
  });

  it('is deterministic by seed', () => {
    expect(diarize(truth, 7)).toEqual(diarize(truth, 7));
    expect(diarize(truth, 8)).not.toEqual(diarize(truth, 7));
    const meeting = synthesizeMeeting(3, 6);
    expect(synthesizeMeeting(3, 6)).toEqual(meeting);
    expect(meeting.truth.speakers[meeting.silent]!.turns).toEqual([]);
    const firstNames = meeting.truth.speakers.map((s) => s.name.split(' ')[0]);
    expect(firstNames.filter((n) => n === 'Anna')).toHaveLength(2);
  });
});

describe('POST /__emulator/recordings/{id}/speakers', () => {
  const result = async (id: number) =>
    (await env.api.get(`/api/spaces/${S.personal}/audio/${id}/result/`)).body.result as {
      dialog: Array<{ starts: number[]; ends: number[]; speakers: string[] }>;
      speakers_map: Record<string, string>;
      speakers_timeline: Record<string, [number, number][]>;
    };

  it('makes the result a diarization of the truth given, the same for the same seed', async () => {
    const api = env.api;
    const before = await result(R.ready);
    const set = await api.control('POST', `/recordings/${R.ready}/speakers`, { ...truth, seed: 7 });
    expect(set).toMatchObject({ status: 200, body: { ok: true } });
    const answer = await result(R.ready);
    const voices = diarize(truth, 7, 3325);
    expect(answer.speakers_map).toEqual({
      '0': 'SPEAKER_00',
      '1': 'SPEAKER_01',
      '2': 'SPEAKER_02',
      '3': 'SPEAKER_03',
    });
    // The timeline holds each voice's turns (seconds: the emulator's unit here), pauses kept.
    voices.forEach((voice, index) => {
      const expected = voice.turns.map(([s, e]) => [Math.floor(s), Math.floor(e)]);
      expect(answer.speakers_timeline[`{${index}}`]).toEqual(expected);
    });
    const spoken = answer.dialog.flatMap((block) => block.speakers);
    expect(new Set(spoken)).toEqual(new Set(['{0}', '{1}', '{2}', '{3}']));
    expect(await result(R.ready)).toEqual(answer);
    expect(answer).not.toEqual(before);

    await api.control('POST', `/recordings/${R.ready}/speakers`, { ...truth, seed: 8 });
    expect(await result(R.ready)).not.toEqual(answer);
  });

  it('refuses a truth of the wrong shape and an unknown recording', async () => {
    const api = env.api;
    for (const bad of [
      {},
      { speakers: [] },
      { speakers: [{ name: 1, turns: [] }] },
      { speakers: [{ name: 'A', turns: [[5, 1]] }] },
      { speakers: [{ name: 'A', turns: [[1]] }] },
      { speakers: [{ name: 'A', turns: [] }], seed: 'x' },
    ]) {
      const answer = await api.control('POST', `/recordings/${R.ready}/speakers`, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body).toEqual({ error: expect.any(String) });
    }
    expect((await api.control('POST', '/recordings/99999/speakers', truth)).status).toBe(404);
  });
});
