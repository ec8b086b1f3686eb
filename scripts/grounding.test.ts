/**
 * `npm run grounding -- link|ask` on a folder in the data set's shape (here the Russian meetings
 * written for the tests): one answer per meeting in the shape the scorer reads, and a file that
 * is not a processing result named and left out while the others are answered.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ask, link, onFailure, readMeetings, readQuestions } from './grounding';

const TUNE = path.resolve(import.meta.dirname, '../lib/grounding/fixtures/ru/tune');
const dir = mkdtempSync(path.join(tmpdir(), 'grounding-'));
mkdirSync(path.join(dir, 'meetings'));
copyFileSync(path.join(TUNE, 'meetings/office-1.json'), path.join(dir, 'meetings/office-1.json'));
copyFileSync(path.join(TUNE, 'meetings/app-1.json'), path.join(dir, 'meetings/app-1.json'));
writeFileSync(path.join(dir, 'meetings/broken.json'), '{"title": "not a result"');
writeFileSync(path.join(dir, 'meetings/other.json'), '{"title": "a JSON that is no result"}');
const questions = JSON.parse(readFileSync(path.join(TUNE, 'questions.json'), 'utf8')) as Record<
  string,
  string[]
>;
writeFileSync(
  path.join(dir, 'questions.json'),
  JSON.stringify({ 'office-1': questions['office-1'], 'app-1': 'not a list' }),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run grounding', () => {
  const failures: string[] = [];
  onFailure((message) => failures.push(message));
  const meetings = readMeetings(dir);

  it('link: one list of sources per list item, each up to three utterances or null', () => {
    expect(failures.map((message) => message.split(':')[0])).toEqual(['broken.json', 'other.json']);
    const out = link(meetings);
    expect(Object.keys(out).sort()).toEqual(['app-1', 'office-1']);
    expect(out['office-1']?.bullets).toHaveLength(9);
    for (const links of out['office-1']?.bullets ?? [])
      expect(links === null || (links.length <= 3 && links.every(Number.isInteger))).toBe(true);
  });

  it('ask: for each question, up to five [meeting, utterance] citations across the folder', async () => {
    const out = await ask(meetings, readQuestions(dir));
    const queries = out['office-1']?.queries ?? [];
    expect(queries).toHaveLength(questions['office-1']?.length ?? -1);
    for (const citations of queries) {
      expect(citations.length).toBeLessThanOrEqual(5);
      for (const [meeting, u] of citations) {
        expect(['app-1', 'office-1']).toContain(meeting);
        expect(Number.isInteger(u)).toBe(true);
      }
    }
    expect(queries[0]?.[0]?.[0]).toBe('office-1');
    expect(failures.some((message) => message.includes('app-1') && message.includes('not a list'))).toBe(
      true,
    );
  });
});
