// The calendar engine against an independent implementation (the `rrule` package) over the feeds
// of lib/calendar/fixtures/feeds, window by window (lib/calendar/testing/agreement.ts says how).
// Prints the agreement and every window that disagrees. Run: `npm run feeds:agree`.
import { compareCorpus } from '../lib/calendar/testing/agreement';

const iso = (at: number) => new Date(at).toISOString().replace(':00.000Z', 'Z');
const { windows, unreadable, feeds } = compareCorpus();
const agreeing = windows.filter((w) => w.agree).length;
const nonEmpty = windows.filter((w) => w.engine.length + w.reference.length > 0);
console.log(
  `${feeds} feeds; ${agreeing} of ${windows.length} windows agree (${((100 * agreeing) / windows.length).toFixed(1)} %); ` +
    `of the windows with an occurrence on either side, ${nonEmpty.filter((w) => w.agree).length} of ${nonEmpty.length}; ` +
    `${unreadable.length} series the reference cannot read left out`,
);
for (const one of unreadable) console.log(`  left out: ${one}`);
for (const w of windows.filter((one) => !one.agree)) {
  console.log(`\n${w.feed} · ${w.uid} · ${w.window} (${iso(w.from)})`);
  console.log(`  engine:    ${w.engine.map(iso).join(' ') || '(none)'}`);
  console.log(`  reference: ${w.reference.map(iso).join(' ') || '(none)'}`);
}
