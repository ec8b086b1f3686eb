/**
 * The release build in Firefox: Manifest V2 has no `optional_host_permissions`, so the service's
 * origin (loopback included) is an optional permission asked for during the sign-in click (granted
 * here without the doorhanger by a Firefox preference); and the page controls' shadow roots are
 * closed to the page.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index';
import { click, type Ext, emulator, type Firefox, fill, find, launchFirefox, ROOT, SEED } from './support';

describe('release build: loopback behind optional permissions', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'mc-firefox-release-'));
  let firefox: Firefox;
  let service: RunningEmulator;

  beforeAll(async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, WXT_OUT_DIR: outDir };
    delete env.WXT_TEST_BUILD;
    // Vitest sets NODE_ENV=test, which would make it a development build (import.meta.env.DEV).
    delete env.NODE_ENV;
    await promisify(execFile)('npx', ['wxt', 'build', '-b', 'firefox'], { cwd: ROOT, env });
    [firefox, service] = await Promise.all([
      launchFirefox({
        extensionDir: path.join(outDir, 'firefox-mv2'),
        // Grants an optional permission request without the doorhanger a person would answer.
        prefs: { 'extensions.webextOptionalPermissionPrompts': false },
      }),
      emulator(),
    ]);
    firefox.serve('https://meet.google.com', 'meet-call.html');
  });

  afterAll(async () => {
    await firefox?.close();
    await service?.close();
    rmSync(outDir, { recursive: true, force: true });
  });

  it('signing in asks for the service’s origin during the click, and works once granted', async () => {
    const popup = await firefox.openExtensionPage('popup.html');
    const origin = 'http://127.0.0.1/*';
    const has = () =>
      popup.evaluate(
        (o) => (globalThis as unknown as Ext).browser.permissions.contains({ origins: [o] }),
        origin,
      );
    expect(await has()).toBe(false);
    await fill(popup, { role: 'textbox', name: 'Service URL' }, service.url);
    await fill(popup, { role: 'textbox', name: 'Email' }, SEED.users.demo.email);
    await fill(popup, { role: 'textbox', name: 'Password' }, SEED.users.demo.password);
    await click(popup, { role: 'button', name: 'Sign in' });
    await find(popup, { role: 'any', within: '[data-testid=balance-value]' });
    expect(await has()).toBe(true);
    const granted = await popup.evaluate(() => (globalThis as unknown as Ext).browser.permissions.getAll());
    expect(granted.origins).toEqual([origin]);
    await popup.close();
  });

  it('the page controls live in closed shadow roots', async () => {
    const page = await firefox.open('https://meet.google.com/abc-defg-hij');
    await expect
      .poll(() => page.evaluate(() => document.querySelectorAll('meeting-capture-send-bot').length))
      .toBe(1);
    // What the page's own scripts see.
    await page.addScriptTag({
      content:
        "document.body.dataset.ourRoot = String(document.querySelector('meeting-capture-send-bot').shadowRoot)",
    });
    expect(await page.evaluate(() => document.body.dataset.ourRoot)).toBe('null');
    await page.close();
  });
});
