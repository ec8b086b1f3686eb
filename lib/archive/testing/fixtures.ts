import type { ProcessingResult } from '@/lib/api/schemas';
import { type KeyValueStore, memoryKeyValue } from '@/lib/kv';
import { Archive, archiveOwner } from '../store';

/** The account whose archive the tests keep: the demo user of the emulator on this machine. */
export const OWNER = archiveOwner('http://127.0.0.1:8787', 'demo@example.com');

export interface Line {
  speaker: number;
  text: string;
}

/** A ready processing result with one block per entry of `blocks` (utterances 10 s apart). */
export function readyResult(
  audioId: number,
  title: string,
  blocks: Array<{ header: string; lines: Line[] }>,
  options: { language?: string; names?: Record<string, string> } = {},
): ProcessingResult {
  let t = 0;
  return {
    classified: true,
    success: true,
    audio_id: audioId,
    title,
    duration: 10 * blocks.reduce((n, block) => n + block.lines.length, 0) + 10,
    is_shared: false,
    is_uploaded: true,
    result: {
      language: options.language ?? 'en',
      protocol: `# ${title}`,
      dialog: blocks.map((block) => {
        const starts: number[] = [];
        const ends: number[] = [];
        for (const _ of block.lines) {
          starts.push(t);
          ends.push(t + 9);
          t += 10;
        }
        return {
          header: block.header,
          starts,
          ends,
          speakers: block.lines.map((line) => `{${line.speaker}}`),
          texts: block.lines.map((line) => line.text),
        };
      }),
      speakers_map: options.names ?? { '0': 'Anna Petrova', '1': 'SPEAKER_01' },
      speakers_timeline: {},
    },
  } as ProcessingResult;
}

/** Keeps meeting `i` of a numbered series: one line on the day `i` of January 2026 in space 1. */
export function keepMeeting(archive: Archive, i: number) {
  return archive.keep(OWNER, {
    spaceId: 1,
    audioId: i,
    createdAt: Date.UTC(2026, 0, i),
    result: readyResult(i, `Meeting ${i}.mp3`, [
      { header: 'Plans', lines: [{ speaker: 0, text: `We talked about the zephyrine budget ${i}.` }] },
    ]),
  });
}

/** An archive holding meetings 1 to `count` of the numbered series, over `kv`. */
export async function archiveOf(count: number, kv: KeyValueStore = memoryKeyValue()) {
  const archive = new Archive(kv);
  for (let i = 1; i <= count; i += 1) await keepMeeting(archive, i);
  return { kv, archive };
}

/**
 * A stand-in for the search workers' BroadcastChannel: what the worker sends is kept in `sent`,
 * and `peer(data)` delivers a message as another page's worker would.
 */
export function fakePeers<T>() {
  const sent: T[] = [];
  let listener: ((event: MessageEvent<T>) => void) | null = null;
  const channel = {
    postMessage: (message: T) => sent.push(message),
    addEventListener: (_type: string, listen: (event: MessageEvent<T>) => void) => {
      listener = listen;
    },
  } as unknown as Pick<BroadcastChannel, 'addEventListener' | 'postMessage'>;
  const peer = (data: T) =>
    (listener as ((event: MessageEvent<T>) => void) | null)?.({ data } as MessageEvent<T>);
  return { sent, channel, peer };
}
