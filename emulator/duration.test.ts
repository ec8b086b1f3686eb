/** Reading the real duration of uploaded files: WAV, WebM/Opus (also as MediaRecorder writes it), Ogg/Opus, MP3, M4A. */
import { readFileSync } from 'node:fs';
import { ALL_FORMATS, BufferSource, CustomSource, Input } from 'mediabunny';
import { describe, expect, it } from 'vitest';
import { durationFromFile, mediaDurationSeconds } from './duration';
import { makeWav } from './wav';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./test/fixtures/${name}`, import.meta.url)));

describe('durationFromFile', () => {
  // Each fixture is a few KB: the size estimate (16,000 bytes a second) would say 1 s for all of them.
  it.each([
    ['tone-3s.webm', 3],
    ['tone-4s.ogg', 4],
    ['tone-5s.mp3', 5],
    ['tone-6s.m4a', 6],
    ['mediarecorder-7s.webm', 7],
  ])('reads %s as %i s', async (name, seconds) => {
    const bytes = fixture(name);
    expect(bytes.byteLength).toBeLessThan(16_000);
    expect(await durationFromFile(bytes)).toBe(seconds);
  });

  it('reads a MediaRecorder WebM, whose header states no duration and whose clusters have unknown sizes, to its end', async () => {
    const bytes = fixture('mediarecorder-7s.webm');
    const unknownSize = Buffer.from('01ffffffffffffff', 'hex');
    const cluster = Buffer.from(bytes).indexOf(Buffer.from('1f43b675', 'hex'));
    expect(cluster).toBeGreaterThan(0);
    expect(Buffer.from(bytes.subarray(cluster + 4, cluster + 12)).equals(unknownSize)).toBe(true);
    const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
    expect(await input.getDurationFromMetadata()).toBeNull();
    input.dispose();
    const seconds = await mediaDurationSeconds(bytes);
    expect(seconds).toBeGreaterThan(6.5);
    expect(seconds).toBeLessThan(7.5);
  });

  it('keeps reading WAV exactly by its header', async () => {
    expect(await durationFromFile(makeWav(12.4, 1))).toBe(12);
  });

  it('estimates from the size (128 kbit/s, at least 1 s) what no reader understands', async () => {
    expect(await mediaDurationSeconds(new Uint8Array(48_000).fill(1))).toBeNull();
    expect(await durationFromFile(new Uint8Array(48_000).fill(1))).toBe(3);
    expect(await durationFromFile(new TextEncoder().encode('<html>not audio</html>'))).toBe(1);
    expect(await durationFromFile(new Uint8Array(0))).toBe(1);
  });

  it('estimates from the size when a media file is cut short or damaged', async () => {
    const whole = fixture('tone-6s.m4a');
    // The first 200 bytes of an MP4: a file type box and the start of the movie box, no samples.
    const cut = whole.subarray(0, 200);
    expect(await durationFromFile(cut)).toBe(1);
    const webm = fixture('tone-3s.webm');
    const garbled = new Uint8Array(webm);
    garbled.fill(0xff, 40, 400);
    const seconds = await durationFromFile(garbled);
    expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 3).toBe(true);
  });

  it('gives up on a read slower than its limit', async () => {
    const stalled = new CustomSource({
      getSize: () => 100_000,
      read: () => new Promise<Uint8Array>(() => {}),
    });
    expect(await mediaDurationSeconds(stalled, 50)).toBeNull();
  });
});
