/** The layout checker itself: it finds each kind of problem, inside shadow roots too, and lets deliberate ellipses pass. */

import { expect, test } from './fixtures';
import { checkLayout } from './layout';

const PAGE = `<!doctype html><html><head><style>
  body { margin: 0; font: 14px sans-serif; width: 400px; }
  .box { width: 100px; white-space: nowrap; margin: 4px 0; }
  .cut { overflow: hidden; }
  .ellipsis { overflow: hidden; text-overflow: ellipsis; }
  .hidden-text { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  select { width: 80px; }
</style></head><body>
  <div id="fits" class="box">short</div>
  <div id="cut" class="box cut">a line of text far too long for its box</div>
  <div id="ellipsed-titled" class="box ellipsis" title="a line of text far too long for its box">a line of text far too long for its box</div>
  <button id="ellipsed-named" class="box ellipsis" aria-label="Open a line of text far too long for its box">a line of text far too long for its box</button>
  <div id="ellipsed-bare" class="box ellipsis">a line of text far too long for its box</div>
  <div id="spills" class="box">a line of text far too long for its box</div>
  <span class="hidden-text">visually hidden text for screen readers, long on purpose</span>
  <select id="narrow"><option>Personal — a long option text</option></select>
  <div id="host"></div>
</body></html>`;

test('the checker finds clipped, spilling, off-screen and cut-select content, in shadow roots too', async ({
  context,
}) => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 500, height: 400 });
  await page.setContent(PAGE);
  await page.evaluate(() => {
    const root = document.getElementById('host')!.attachShadow({ mode: 'open' });
    root.innerHTML = `<div id="shadow-cut" style="width: 60px; overflow: hidden; white-space: nowrap">inside a shadow root, too long</div>
      <div id="off" style="position: fixed; left: 460px; top: 10px; width: 120px; height: 20px">off the edge</div>`;
  });
  const report = await checkLayout(page, { vertical: true });
  const found = report.problems.map((problem) => `${problem.kind} ${problem.at.split(' ').at(-1)}`);
  expect(found).toEqual(
    expect.arrayContaining([
      'clipped div#cut.box.cut',
      'clipped div#ellipsed-bare.box.ellipsis',
      'overflows div#spills.box',
      'select-cut select#narrow',
      'clipped div#shadow-cut',
      'beyond-viewport div#off',
    ]),
  );
  // Deliberate ellipses with the full text at hand, fitting boxes and visually hidden text pass.
  for (const fine of ['#fits', '#ellipsed-titled', '#ellipsed-named', 'hidden-text']) {
    expect(found.filter((line) => line.includes(fine))).toEqual([]);
  }
  expect(report.problems).toHaveLength(6);
  expect(report.shadowRoots).toBe(1);
  // The page as a whole: the fixed box off the right edge also widens nothing (fixed), so no sideways scroll.
  expect(found.some((line) => line.startsWith('scrolls-sideways'))).toBe(false);
});

test('limited to our hosts, the checker ignores the host page around them', async ({ context }) => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 500, height: 400 });
  await page.setContent(PAGE);
  await page.evaluate(() => {
    const host = document.getElementById('host')!;
    host.setAttribute('data-meeting-capture', '');
    host.attachShadow({ mode: 'open' }).innerHTML = '<button style="width: 200px">fits well</button>';
  });
  const report = await checkLayout(page, { roots: '[data-meeting-capture]', vertical: true });
  expect(report.problems).toEqual([]);
  expect(report.shadowRoots).toBe(1);
  expect(report.checked).toBeGreaterThan(0);
});
