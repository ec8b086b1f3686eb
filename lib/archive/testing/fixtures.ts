import type { ProcessingResult } from '@/lib/api/schemas';

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
