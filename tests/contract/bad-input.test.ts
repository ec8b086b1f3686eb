/**
 * User inputs of tests/BAD_INPUT.md that no other contract test covers: a file announced at
 * 4 GB, and search patterns that backtrack catastrophically.
 */
import { describe, expect, it } from 'vitest';
import { type ApiClient, partRanges } from '../../lib/api';
import { SEED, type TestEmulator, useSignedIn } from './support';

let emu: TestEmulator;
let client: ApiClient;
const PERSONAL = SEED.spaces.personal;
const GB = 1024 * 1024 * 1024;
/** The storage's largest part (S3's and the emulator's). */
const PART_CAP = 64 * 1024 * 1024;

useSignedIn({}, (ready) => {
  ({ emu, client } = ready);
});

describe('bad input', () => {
  it('a file announced at 4 GB: created with its exact size, split into parts the storage takes', async () => {
    const size = 4 * GB;
    const created = await client.createRecording(PERSONAL, {
      title: 'Four gigabytes.wav',
      size,
      content_type: 'audio/wav',
    });
    // No 32-bit overflow anywhere: the service has the size as announced.
    expect(created.size).toBe(size);
    expect(created.url.length).toBeGreaterThan(400);
    const ranges = partRanges(size, created.url.length);
    expect(ranges).toHaveLength(created.url.length);
    expect(ranges[0]!.start).toBe(0);
    expect(ranges.at(-1)!.end).toBe(size);
    for (const [i, range] of ranges.entries()) {
      expect(range.end - range.start).toBeGreaterThan(0);
      expect(range.end - range.start).toBeLessThanOrEqual(PART_CAP);
      if (i > 0) expect(range.start).toBe(ranges[i - 1]!.end);
    }
    expect((await emu.counters()).recordingsCreated.upload).toBe(1);
  });

  it('catastrophic search patterns go to the service as typed and are answered', async () => {
    for (const pattern of ['^(a+)+$', '(x+x+)+y', '(.*a){12}', '^(\\w+\\s?)*$']) {
      const page = await client.listRecordings(PERSONAL, { search: pattern, limit: 20, offset: 0 });
      expect(page.results.length).toBeLessThanOrEqual(20);
    }
  });
});
