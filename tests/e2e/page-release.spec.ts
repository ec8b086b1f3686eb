/**
 * The release build closes the controls' shadow roots, so a page cannot read what they show (space
 * names, balances) or reach into them. Test builds (`WXT_TEST_BUILD=1`, the one the other specs
 * load) keep them open for Playwright. This spec builds the release into a temporary folder and
 * loads it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildExtension } from './extension-build';
import { expect, test } from './fixtures';
import { launchChromium } from './launch';
import { serveHost } from './page-support';

const MEET = 'https://meet.google.com/abc-defg-hij';

test('the release build’s page controls live in closed shadow roots', async () => {
  test.setTimeout(240_000);
  const outDir = mkdtempSync(path.join(tmpdir(), 'mc-release-'));
  await buildExtension(outDir, { WXT_TEST_BUILD: undefined });
  const { context, close } = await launchChromium({
    extensionDir: path.join(outDir, 'chrome-mv3'),
    profilePrefix: 'mc-release-',
  });
  try {
    await serveHost(context, 'https://meet.google.com', 'meet-call.html');
    const page = await context.newPage();
    // The page's own script, first to run, hooks what would hand it our root: our content
    // script runs in its own world, with its own prototypes, so the hooks see nothing.
    await page.addInitScript(() => {
      const seen: unknown[] = [];
      (window as unknown as { __roots: unknown[] }).__roots = seen;
      const attach = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
        const root = attach.call(this, init);
        seen.push(root);
        return root;
      };
    });
    await page.goto(MEET);
    const host = page.locator('meeting-capture-send-bot');
    await expect(host).toHaveCount(1);
    // The page's own script sees a host without a shadow root.
    expect(await host.evaluate((element) => element.shadowRoot === null)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __roots: unknown[] }).__roots.length)).toBe(0);
    // Nor can it reach inside by other ways: no element of ours is found from the document.
    expect(await page.evaluate(() => document.querySelectorAll('meeting-capture-send-bot *').length)).toBe(0);
    // The browser knows it is there, closed, and that the control is drawn in it.
    const cdp = await context.newCDPSession(page);
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
    type Node = {
      localName?: string;
      shadowRoots?: Array<{ shadowRootType?: string } & Node>;
      children?: Node[];
    };
    const find = (node: Node): Node | undefined =>
      node.localName === 'meeting-capture-send-bot'
        ? node
        : (node.children ?? []).map(find).find((found) => found !== undefined);
    await expect
      .poll(async () => {
        const { root: fresh } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
        const found = find(fresh as Node);
        return found?.shadowRoots?.map((shadow) => shadow.shadowRootType);
      })
      .toEqual(['closed']);
    expect(find(root as Node)).toBeDefined();
  } finally {
    await close();
    rmSync(outDir, { recursive: true, force: true });
  }
});
