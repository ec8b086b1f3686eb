/**
 * The service address as a person types it (sign-in form and options): a bare host means
 * https:// (http:// on this machine), the address that will be used is shown as they type, plain
 * http elsewhere and credentials in the address are refused with a sentence, and a service that
 * refuses the connection or never answers is said to do so while the form is still trying.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, SEED, test } from './ui-fixtures';

/** Everything the extension keeps (local, session and sync storage) as one string. */
async function storedText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const areas = [chrome.storage.local, chrome.storage.session, chrome.storage.sync];
    const all = await Promise.all(areas.map((area) => area.get(null)));
    return JSON.stringify(all);
  });
}

/** The page's markup and visible text, without the value of the field the person typed into. */
async function pageText(page: Page): Promise<string> {
  return page.evaluate(() => `${document.documentElement.outerHTML}\n${document.body.innerText}`);
}

/** A port on which nothing listens (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server that accepts connections and never answers. */
async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

test('sign-in: a bare host is shown as https:// and used; a bare loopback host as http:// and signs in', async ({
  popup,
  emulator,
}) => {
  const page = popup.page;
  // A headless browser cannot show the permission prompt: record what is asked for and refuse.
  await page.addInitScript(() => {
    const asked: string[] = [];
    (window as unknown as { askedOrigins: string[] }).askedOrigins = asked;
    const g = globalThis as unknown as {
      chrome?: { permissions?: object };
      browser?: { permissions?: object };
    };
    for (const api of [g.chrome, g.browser]) {
      if (!api?.permissions) continue;
      Object.defineProperty(api.permissions, 'request', {
        configurable: true,
        value: async (request: { origins?: string[] }) => {
          asked.push(...(request.origins ?? []));
          return false;
        },
      });
    }
  });
  await popup.reopen();
  const preview = page.getByTestId('service-url-preview');
  await popup.serviceUrlField.fill('example.com');
  await expect(preview).toHaveText('Will connect to https://example.com');
  await popup.serviceUrlField.fill('Example.com/base/');
  await expect(preview).toHaveText('Will connect to https://example.com/base');

  // Used as shown: access is asked for https://example.com (and refused here).
  await popup.signIn('example.com', SEED.users.demo.email, SEED.users.demo.password);
  await expect(popup.signInError).toContainText('Access to https://example.com was not granted');
  expect(await page.evaluate(() => (window as unknown as { askedOrigins: string[] }).askedOrigins)).toEqual([
    'https://example.com/*',
  ]);

  const port = new URL(emulator.url).port;
  await popup.serviceUrlField.fill(`localhost:${port}`);
  await expect(preview).toHaveText(`Will connect to http://localhost:${port}`);
  await popup.signIn(`localhost:${port}`, SEED.users.demo.email, SEED.users.demo.password);
  await expect(popup.balanceValue).toBeVisible();
  await expect(page.getByTestId('service-url')).toContainText(`http://localhost:${port}`);
});

test('sign-in: plain http:// to another machine is refused with the sentence, nothing sent', async ({
  popup,
  emulator,
}) => {
  const sentence = 'Plain http:// is allowed only for a service on this computer';
  await popup.serviceUrlField.fill('http://example.com');
  await expect(popup.page.getByTestId('service-url-preview')).toContainText(sentence);
  await popup.signIn('http://example.com', SEED.users.demo.email, SEED.users.demo.password);
  await expect(popup.signInError).toContainText(sentence);
  await expect(popup.page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  expect(await storedText(popup.page)).not.toContain('example.com');
  // The same form still signs in to an allowed address.
  await popup.signIn(emulator.url, SEED.users.demo.email, SEED.users.demo.password);
  await expect(popup.balanceValue).toBeVisible();
});

test('sign-in: a user name and password in the address are refused and never shown or stored', async ({
  popup,
}) => {
  const address = 'https://user:s3cr3t-in-url@example.com';
  const sentence = 'A user name or password inside the address is not accepted';
  await popup.serviceUrlField.fill(address);
  await expect(popup.page.getByTestId('service-url-preview')).toContainText(sentence);
  await popup.signIn(address, SEED.users.demo.email, SEED.users.demo.password);
  await expect(popup.signInError).toContainText(sentence);
  // Without a scheme too (it would otherwise parse as the scheme "user:").
  await popup.serviceUrlField.fill('user:s3cr3t-in-url@example.com');
  await expect(popup.page.getByTestId('service-url-preview')).toContainText(sentence);
  // What the person typed stays in the field for them to correct...
  await expect(popup.serviceUrlField).toHaveValue('user:s3cr3t-in-url@example.com');
  // ...and nowhere else: not in the page's markup or text, not in storage.
  expect(await pageText(popup.page)).not.toContain('s3cr3t-in-url');
  expect(await storedText(popup.page)).not.toContain('s3cr3t-in-url');
});

test('options: the address that will be used, http:// and credentials refused, a bare host saved as the URL shown', async ({
  openOptions,
}) => {
  const options = await openOptions();
  const page = options.page;
  const field = page.getByRole('textbox', { name: 'Service URL' });
  const preview = page.getByTestId('service-url-preview');
  const save = page.getByRole('button', { name: 'Save', exact: true });

  await field.fill('http://example.com');
  await expect(preview).toContainText('Plain http:// is allowed only for a service on this computer');
  await save.click();
  await expect(page.getByTestId('service-url-problem')).toContainText(
    'Plain http:// is allowed only for a service on this computer',
  );

  await field.fill('https://user:s3cr3t-in-url@example.com');
  await save.click();
  await expect(page.getByTestId('service-url-problem')).toContainText(
    'A user name or password inside the address is not accepted',
  );
  expect(await pageText(page)).not.toContain('s3cr3t-in-url');
  expect(await storedText(page)).not.toContain('s3cr3t-in-url');
  expect(await storedText(page)).not.toContain('example.com');

  await field.fill('127.0.0.1:4321/');
  await expect(preview).toHaveText('Will connect to http://127.0.0.1:4321');
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(field).toHaveValue('http://127.0.0.1:4321');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Service URL' })).toHaveValue('http://127.0.0.1:4321');
});

test('the sentences are in Russian too', async ({ openOptions, popup }) => {
  const options = await openOptions();
  await options.language.selectOption('ru');
  await popup.reopen();
  const field = popup.page.getByLabel('Адрес сервиса');
  await field.fill('example.com');
  await expect(popup.page.getByTestId('service-url-preview')).toHaveText('Подключение к https://example.com');
  await field.fill('http://example.com');
  await expect(popup.page.getByTestId('service-url-preview')).toContainText(
    'Простой http:// разрешён только для сервиса на этом компьютере',
  );
  await field.fill('https://user:pw@example.com');
  await expect(popup.page.getByTestId('service-url-preview')).toContainText(
    'Имя пользователя или пароль внутри адреса не принимаются',
  );
});

test('a refused connection is said at once, while the form tries again', async ({ popup }) => {
  const url = `http://127.0.0.1:${await closedPort()}`;
  await popup.signIn(url, SEED.users.demo.email, SEED.users.demo.password);
  // Shown during the retries (the "Trying again…" state exists only between attempts)...
  const progress = popup.page.getByTestId('sign-in-progress');
  await expect(progress).toContainText(`${url} cannot be reached: nothing answers there.`);
  await expect(progress).toContainText('Trying again…');
  await expect(progress).toHaveAttribute('data-state', 'network');
  await expect(progress.getByRole('button', { name: 'Cancel' })).toBeVisible();
  // ...and it stays the answer once the retries are spent.
  await expect(popup.signInError).toContainText(`${url} cannot be reached: nothing answers there.`);
  await expect(progress).toHaveCount(0);
  await expect(popup.page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

test('a service that never answers: "still trying", and Cancel stops the sign-in', async ({ popup }) => {
  const silent = await silentServer();
  try {
    const url = `http://127.0.0.1:${silent.port}`;
    await popup.signIn(url, SEED.users.demo.email, SEED.users.demo.password);
    await expect(popup.page.getByRole('button', { name: 'Signing in…' })).toBeDisabled();
    const progress = popup.page.getByTestId('sign-in-progress');
    await expect(progress).toHaveText(/Still trying to reach http:\/\/127\.0\.0\.1:\d+: no answer yet\./);
    await expect(progress).toHaveAttribute('data-state', 'slow');
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await expect(progress).toHaveCount(0);
    await expect(popup.page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await expect(popup.signInError).toHaveCount(0);
    expect(await storedText(popup.page)).not.toContain('"access"');
  } finally {
    await silent.close();
  }
});
