/**
 * The generated meetings the open items are measured on (`npm run items -- bench` for the
 * extraction, scripts/bench-items-view.ts for the view): `hours` one-hour meetings a day apart,
 * English and Russian alternately, each the emulator's protocol of the hour (its table of tasks and
 * topic lists) with one labelled protocol of its language after it, and the people of both. Their
 * titles name four weekly series and a unique call, so the same items of a series are merged.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateResult } from '../emulator/results';
import { type LabelledProtocol, parseLabelled } from '../lib/items/labelled';

const FIXTURES = join(import.meta.dirname, '../lib/items/fixtures');

/** The labelled protocols of lib/items/fixtures: the part tuned on, or the part held out. */
export function labelledProtocols(part: 'tune' | 'held-out'): LabelledProtocol[] {
  const folder = join(FIXTURES, part);
  return readdirSync(folder)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => parseLabelled(`${part}/${f}`, readFileSync(join(folder, f), 'utf8')));
}

export interface GeneratedMeeting {
  id: number;
  title: string;
  protocol: string;
  names: string[];
  createdAt: string;
  language: 'en' | 'ru';
}

const SERIES = ['Weekly sync', 'Sprint planning', 'Retrospective', 'Планёрка'];

export function generatedMeetings(hours: number, fixtures: readonly LabelledProtocol[]): GeneratedMeeting[] {
  const meetings: GeneratedMeeting[] = [];
  const start = Date.UTC(2026, 0, 5, 9);
  for (let i = 0; i < hours; i += 1) {
    const language = i % 2 === 0 ? 'en' : 'ru';
    const createdAt = new Date(start + i * 86_400_000).toISOString();
    const title =
      i % 5 === 4
        ? `Client call ${i + 1}.mp3`
        : `${SERIES[i % 5] ?? 'Weekly sync'} ${createdAt.slice(0, 10)}.mp3`;
    const body = generateResult(
      {
        id: i + 1,
        title,
        duration: 3600,
        createdAtUs: (start + i * 86_400_000) * 1000,
        language,
        flavor: 'normal',
      },
      's',
    );
    const same = fixtures.filter((f) => f.language === language);
    const extra = same[i % same.length] as LabelledProtocol;
    meetings.push({
      id: i + 1,
      title,
      protocol: `${body.protocol}\n\n${extra.protocol}`,
      names: [...Object.values(body.speakers_map), ...extra.people],
      createdAt,
      language,
    });
  }
  return meetings;
}
