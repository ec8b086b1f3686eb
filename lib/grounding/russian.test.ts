/**
 * The Russian meetings written for the tests (fixtures/ru/tune; the `measured` part is held out
 * for the benchmark and not read here): every line's sources hold one of its gold utterances, and
 * the protocol of the series' next meeting, laid over a transcript, gets "no source found" for
 * most of its lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProcessingResult } from '@/lib/api/schemas';
import { groundResult, itemSources } from '.';

const TUNE = path.join(import.meta.dirname, 'fixtures/ru/tune');
const read = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
const ids = readdirSync(path.join(TUNE, 'meetings')).map((file) => file.replace(/\.json$/, ''));

describe('the Russian meetings written for the tests', () => {
  it.each(ids)('%s: every line is linked, a gold utterance among its sources', (id) => {
    const result = read<ProcessingResult>(path.join(TUNE, 'meetings', `${id}.json`));
    const gold = read<{ bullets: Array<{ text: string; evidence: number[] }> }>(
      path.join(TUNE, 'gold', `${id}.json`),
    );
    const sources = itemSources(groundResult(result));
    expect(sources).toHaveLength(gold.bullets.length);
    gold.bullets.forEach((bullet, k) => {
      expect(
        sources[k]?.some((u) => bullet.evidence.includes(u)),
        bullet.text,
      ).toBe(true);
    });
  });

  it('under another meeting’s protocol, most lines get "no source found" (a few are true of both)', () => {
    const borrowed = ids.flatMap((id) =>
      itemSources(groundResult(read<ProcessingResult>(path.join(TUNE, 'negatives/meetings', `${id}.json`)))),
    );
    const none = borrowed.filter((links) => links === null).length;
    expect(none).toBeGreaterThan(borrowed.length / 2);
  });
});
