import { expect, test } from './fixtures';

test('extension pages run under an explicit CSP, and site access beyond loopback is https-only and optional', async ({
  context,
  extensionId,
  serviceWorker,
}) => {
  const manifest = (await serviceWorker.evaluate(() => chrome.runtime.getManifest())) as {
    content_security_policy?: { extension_pages?: string };
    optional_host_permissions?: string[];
  };
  // 'wasm-unsafe-eval' lets the search worker compile SQLite's WebAssembly; JavaScript eval stays refused.
  expect(manifest.content_security_policy?.extension_pages).toBe(
    "script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'",
  );
  expect(manifest.optional_host_permissions).toEqual(['https://*/*']);
  expect(JSON.stringify(manifest)).not.toContain('http://*/*');

  // The pages work under it: nothing they run is refused by the policy (no eval probe either).
  for (const name of ['popup.html', 'options.html', 'viewer.html', 'microphone.html']) {
    const page = await context.newPage();
    await page.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { violations: string[] }).violations.push(
          `${event.violatedDirective} ${event.blockedURI}`,
        ),
      );
    });
    await page.goto(`chrome-extension://${extensionId}/${name}`);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    await page.close();
  }
});
