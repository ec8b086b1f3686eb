/**
 * The memory of making a recording's file (lib/recording/assemble.ts; a measurement, not a test):
 * a recording of `--hours` (3) at the recorder's bitrate (48 kbit/s, 20 ms Opus packets) is made
 * of 5 s pieces as the recording database holds them, and joined into its file while the process's
 * memory is read every few milliseconds. The Opus packets are made up (the file is remuxed, never
 * decoded): the sizes and timestamps are the recorder's, the decoder's setup is that of a real
 * MediaRecorder file (emulator/test/fixtures/mediarecorder-7s.webm).
 *
 *   npx tsx scripts/bench-assemble.ts [--hours 3] [--gap-s 0]
 *
 * `--gap-s`: a jump of that many seconds in the packets' times mid-recording (a laptop slept), which
 * the assembly closes. Prints the file's size, the memory before, the peak during the assembly above
 * it: resident memory and the buffers and Blobs (Node keeps a Blob's bytes among its array buffers),
 * garbage included; what is held (read after a forced collection, every 100 ms, so the time is
 * longer than without), and that as copies of the file. The pieces themselves are in memory here
 * (Node has no IndexedDB): the figures above them are the assembly's own. The machine may be shared: report the figures as measured under its load.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  BufferSource,
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacket,
  EncodedPacketSink,
  Input,
  Output,
  WEBM,
  WebMOutputFormat,
} from 'mediabunny';
import { assembleRecording } from '@/lib/recording/assemble';
import { AUDIO_BITS_PER_SECOND, PIECE_MS } from '@/lib/recording/pieces';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

const HOURS = option('hours', 3);
const GAP_S = option('gap-s', 0);
const PACKET_S = 0.02;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** A WebM of `HOURS` of 20 ms packets at the recorder's bitrate, with the fixture's decoder setup. */
async function recordedFile(): Promise<Blob> {
  const fixture = readFileSync(
    path.join(import.meta.dirname, '../emulator/test/fixtures/mediarecorder-7s.webm'),
  );
  const input = new Input({ source: new BufferSource(fixture), formats: [WEBM] });
  const track = await input.getPrimaryAudioTrack();
  const decoderConfig = await track?.getDecoderConfig();
  if (!track || !decoderConfig) throw new Error('the fixture has no audio track');
  // Its first packet, only to check it reads.
  await new EncodedPacketSink(track).getFirstPacket();
  const output = new Output({ format: new WebMOutputFormat(), target: new BufferTarget() });
  const audio = new EncodedAudioPacketSource('opus');
  output.addAudioTrack(audio);
  await output.start();
  const bytes = Math.round((AUDIO_BITS_PER_SECOND / 8) * PACKET_S);
  const data = new Uint8Array(bytes).map((_, index) => (index * 37) & 0xff);
  const packets = Math.round((HOURS * 3600) / PACKET_S);
  for (let index = 0; index < packets; index++) {
    const jump = GAP_S > 0 && index >= packets / 2 ? GAP_S : 0;
    const packet = new EncodedPacket(data, 'key', index * PACKET_S + jump, PACKET_S);
    await audio.add(packet, index === 0 ? { decoderConfig } : undefined);
  }
  await output.finalize();
  return new Blob([output.target.buffer!], { type: 'audio/webm' });
}

async function main(): Promise<void> {
  const file = await recordedFile();
  const count = Math.ceil((HOURS * 3600_000) / PIECE_MS);
  const size = Math.ceil(file.size / count);
  const pieces: Blob[] = [];
  for (let start = 0; start < file.size; start += size) pieces.push(file.slice(start, start + size));
  gc();
  await new Promise((resolve) => setTimeout(resolve, 200));
  gc();
  const before = process.memoryUsage();
  const peak = { rss: before.rss, arrayBuffers: before.arrayBuffers, live: before.arrayBuffers };
  const sample = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
  };
  // What is held, not garbage waiting for a collection: collected first, every 100 ms.
  const held = () => {
    gc();
    peak.live = Math.max(peak.live, process.memoryUsage().arrayBuffers);
  };
  const timer = setInterval(sample, 2);
  const liveTimer = setInterval(held, 100);
  const startedAt = performance.now();
  const made = await assembleRecording(pieces);
  const ms = Math.round(performance.now() - startedAt);
  sample();
  clearInterval(timer);
  clearInterval(liveTimer);
  held();
  const report = {
    hours: HOURS,
    gapS: GAP_S,
    pieces: pieces.length,
    recordedMb: mb(file.size),
    fileMb: mb(made.file.size),
    durationS: Math.round(made.durationMs / 1000),
    closedS: Math.round(made.closedMs / 1000),
    baselineRssMb: mb(before.rss),
    peakRssAboveMb: mb(peak.rss - before.rss),
    peakBuffersAboveMb: mb(peak.arrayBuffers - before.arrayBuffers),
    peakHeldAboveMb: mb(peak.live - before.arrayBuffers),
    copiesHeld: Math.round(((peak.live - before.arrayBuffers) / made.file.size) * 100) / 100,
    ms,
  };
  console.log(JSON.stringify(report, null, 2));
}

await main();
