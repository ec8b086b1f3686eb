import { describe, expect, it } from 'vitest';
import { requestSchemas } from './messaging-schemas';

describe('the recording page’s events at the message boundary', () => {
  const event = (value: unknown) =>
    requestSchemas['recording.event'].safeParse({ id: 'r1', event: value }).success;

  it('lets through every way the capture can end or break mid-way', () => {
    expect(event({ type: 'capture-ended' })).toBe(true);
    expect(event({ type: 'microphone-ended' })).toBe(true);
  });

  it('the capture released after a stop says how many pieces it wrote and the last one heard (-1: none), bounded', () => {
    expect(event({ type: 'released', pieces: 278, lastAudible: 96 })).toBe(true);
    expect(event({ type: 'released', pieces: 0, lastAudible: -1 })).toBe(true);
    expect(event({ type: 'released', pieces: 3 })).toBe(true);
    expect(event({ type: 'released', pieces: 3, lastAudible: -2 })).toBe(false);
    expect(event({ type: 'released', pieces: 2.5 })).toBe(false);
    expect(event({ type: 'released', pieces: 3, lastAudible: '2' })).toBe(false);
  });

  it('refuses an event it does not know', () => {
    expect(event({ type: 'microphone-gone' })).toBe(false);
  });
});

describe('the recording messages', () => {
  it('Upload and Discard name a kept recording by its id; Sign out may keep the recordings', () => {
    expect(
      requestSchemas['recording.recover'].safeParse({ action: 'upload', spaceId: 2, id: 'r1' }).success,
    ).toBe(true);
    expect(requestSchemas['recording.recover'].safeParse({ action: 'discard', id: '' }).success).toBe(false);
    expect(requestSchemas['session.signOut'].safeParse({ keepRecordings: true }).success).toBe(true);
    expect(requestSchemas['session.signOut'].safeParse({ keepRecordings: 'yes' }).success).toBe(false);
  });
});

describe('the stop after silence in the options', () => {
  it('takes 15, 30 or 60 minutes or never (0), nothing else', () => {
    const set = (value: unknown) =>
      requestSchemas['settings.set'].safeParse({ silenceStopMinutes: value }).success;
    for (const minutes of [15, 30, 60, 0]) expect(set(minutes), String(minutes)).toBe(true);
    for (const value of [7, -15, 15.5, '15', null, 1e9, Number.NaN])
      expect(set(value), String(value)).toBe(false);
  });
});
