/**
 * The hostile-content corpus where the background shows service content: the notification of a
 * finished job (the recording's title), and the controls injected into a meeting page (the space
 * names, in the picker and in the sentence after a press). Traps: hostile-support.ts.
 */
import { CORPUS, longTitle } from '../fixtures/hostile/corpus';
import { armTraps } from './hostile-support';
import { counters, expect, SEED, serveHost, test } from './page-support';
import { recordNotices } from './worker-notices';

const MEET = 'https://meet.google.com/abc-defg-hij';
const JOINED = CORPUS.map((payload) => payload.text).join(' ');

async function control(url: string, path: string, body: unknown): Promise<void> {
  const answer = await fetch(`${url}/__emulator${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status, path).toBe(200);
}

test('hostile space names in the page control: shown as text in the picker and the sentence, nothing runs or loads', async ({
  context,
  extensionId,
  emulator,
  openSignedIn,
}) => {
  const traps = await armTraps(context, extensionId);
  traps.allow(emulator.url, emulator.storageUrl, 'https://meet.google.com');
  await serveHost(context, 'https://meet.google.com', 'meet-call.html');
  await control(emulator.url, `/spaces/${SEED.spaces.personal}/name`, { name: JOINED });
  await control(emulator.url, `/spaces/${SEED.spaces.team}/name`, { name: longTitle() });

  const page = await openSignedIn(MEET);
  const picker = page.getByRole('combobox', { name: 'Space' });
  await expect(picker).toBeVisible();
  const options = await picker.locator('option').allTextContents();
  expect(options.some((text) => text.includes('<script>window.__pwned=1</script>'))).toBe(true);
  expect(options.some((text) => text.includes('Very long title'))).toBe(true);
  // Names arrive as one short line of plain text: no direction controls, at most 60 characters.
  for (const text of options) {
    expect(text.length).toBeLessThan(200);
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  }

  // Inside our shadow root: our stylesheet, and otherwise text in plain elements.
  const found = await page.locator('meeting-capture-send-bot').evaluate((host) => {
    const root = host.shadowRoot;
    if (!root) return ['no open shadow root in the test build'];
    const bad: string[] = [];
    const dangerous = [
      'script',
      'iframe',
      'object',
      'embed',
      'img',
      'svg',
      'math',
      'meta',
      'link',
      'base',
      'form',
    ];
    for (const element of root.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase();
      if (dangerous.includes(tag)) bad.push(`<${tag}>`);
      if (tag === 'style' && element.parentNode !== root) bad.push('<style> not ours');
      if (element.id === '__pwned') bad.push('#__pwned');
      for (const attribute of element.attributes) {
        if (attribute.name.startsWith('on')) bad.push(`${tag}[${attribute.name}]`);
      }
    }
    for (const option of root.querySelectorAll('option')) {
      if (option.children.length > 0) bad.push('option with elements');
    }
    return bad;
  });
  expect(found).toEqual([]);

  // A press: the sentence names the space, as text; the page still answers.
  await page.getByRole('button', { name: 'Send bot' }).click();
  const status = page.locator('meeting-capture-send-bot').getByRole('status');
  await expect(status).toContainText('Bot sent to the meeting');
  await expect(status).toContainText('<script>window.__pwned=1</script>');
  expect(await status.locator('*').count()).toBe(0);
  expect((await counters(emulator)).botRequests).toBe(1);
  await picker.selectOption(String(SEED.spaces.team));
  await expect(picker).toHaveValue(String(SEED.spaces.team));
  await traps.expectClean(page);
});

test('a hostile 100 KB title with direction controls: the notification shows it plain and cut', async ({
  context,
  extensionId,
  emulator,
  serviceWorker,
  signIn,
  extensionMessage,
}) => {
  test.setTimeout(120_000);
  const traps = await armTraps(context, extensionId);
  traps.allow(emulator.url, emulator.storageUrl);
  const title = `\u202E${JOINED} ${longTitle()}`;
  const { uploadedNotProcessed } = SEED.recordings;
  await control(emulator.url, `/recordings/${uploadedNotProcessed}/result`, { title });
  await signIn();
  const readNotices = await recordNotices(serviceWorker);
  const started = await extensionMessage('recording.process', {
    spaceId: SEED.spaces.personal,
    audioId: uploadedNotProcessed,
  });
  expect(started.ok, JSON.stringify(started)).toBe(true);
  await control(emulator.url, '/clock/advance', { ms: 25_000 });
  await expect.poll(readNotices, { timeout: 60_000 }).toHaveLength(1);
  const [notice] = await readNotices();
  expect(notice!.message).toContain('<script>window.__pwned=1</script>');
  expect(notice!.message).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200b-\u200f]/);
  expect(notice!.message.length).toBeLessThan(300);
  expect(traps.offHost).toEqual([]);
});
