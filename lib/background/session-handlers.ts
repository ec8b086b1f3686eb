/**
 * The background side of the session and settings messages (privileged: extension pages only):
 * sign-in (the password goes to the service once and is dropped; recordings kept for another
 * account are deleted only when the person agreed), its Cancel, sign-out, the
 * settings (a new service address forgets the session first), and the hosts the extension needs.
 */
import { archiveOwner } from '@/lib/archive';
import type { SessionView } from '@/lib/messaging';
import { originPattern } from '@/lib/permissions';
import { sessionEndedItem } from '@/lib/session-store';
import {
  accountItem,
  getSettings,
  type Settings,
  serviceUrlItem,
  settingsItem,
  storageOriginsItem,
} from '@/lib/storage';
import { parseServiceUrl } from '@/lib/url/service-url';
import { normalizeServiceUrl } from './account';
import { refused, requireServiceAccess } from './handler-guards';
import { type Handlers, MessageError } from './handler-types';
import { createMenus } from './menus';
import { sessionView } from './session';
import type { Background } from './types';

type SessionMessages =
  | 'session.get'
  | 'session.signIn'
  | 'session.signInCancel'
  | 'session.signOut'
  | 'settings.get'
  | 'settings.set'
  | 'service.origins';

async function currentView(bg: Background): Promise<SessionView> {
  return sessionView(
    await bg.session.store.get(),
    await sessionEndedItem.getValue(),
    await serviceUrlItem.getValue(),
    bg.now(),
  );
}

async function settingsView(): Promise<Settings & { serviceUrl: string }> {
  return { ...(await getSettings()), serviceUrl: await serviceUrlItem.getValue() };
}

/**
 * A service address as the person typed it, re-checked here whatever the page checked: a bare
 * host means https, http only on loopback, no user name or password (lib/url/service-url.ts). The
 * refusal names the problem, never the address (it may hold a password).
 */
function checkedServiceUrl(input: string): string {
  const parsed = parseServiceUrl(input);
  if (parsed.ok) return parsed.url;
  throw refused('serviceUrl', `service-url-${parsed.problem}`);
}

/**
 * Switches to another service. The session belongs to the old one: it is forgotten before the new
 * URL is used, so a token is never sent to a service that did not issue it.
 */
async function switchService(bg: Background, serviceUrl: string): Promise<void> {
  const next = normalizeServiceUrl(checkedServiceUrl(serviceUrl));
  if (next === (await serviceUrlItem.getValue())) return;
  await requireServiceAccess(bg, next);
  await bg.jobs.engine.suspendUploads();
  await bg.session.store.clear();
  await accountItem.setValue(null);
  await storageOriginsItem.setValue([]);
  await serviceUrlItem.setValue(next);
}

/** The sign-in waiting for the service (one per background), so the form's Cancel can stop it. */
let signInUnderWay: AbortController | null = null;

export function createSessionHandlers(bg: Background): Pick<Handlers, SessionMessages> {
  const afterSessionChange = async () => {
    await bg.session.check();
    void bg.jobs.scheduler.run();
  };

  return {
    'session.get': () => currentView(bg),

    'session.signIn': async ({ serviceUrl: typed, email, password, retry, discardRecordings }) => {
      const serviceUrl = checkedServiceUrl(typed);
      await requireServiceAccess(bg, serviceUrl);
      // Recordings kept for another account (or service) go only once the person agreed: asked
      // before the password is sent, deleted once this account is signed in.
      // (A recording database that cannot be read holds nothing to keep.)
      const atStake = await bg.recording
        .keptFor(archiveOwner(normalizeServiceUrl(serviceUrl), email))
        .catch(() => 0);
      if (atStake > 0 && !discardRecordings)
        throw new MessageError({ kind: 'recording', reason: 'kept-for-another', detail: String(atStake) });
      await switchService(bg, serviceUrl);
      signInUnderWay?.abort();
      const controller = new AbortController();
      signInUnderWay = controller;
      try {
        // The password goes to the service once and is dropped: only the token pair is kept.
        await bg.session.client.signIn(email, password, { signal: controller.signal, retry: retry ?? true });
      } finally {
        if (signInUnderWay === controller) signInUnderWay = null;
      }
      if (atStake > 0) await bg.recording.forget('signed-out');
      await bg.spaces.refresh().catch(() => undefined);
      // A recording made while this account was signed out waited for it: it is uploaded now.
      await bg.recording.resume().catch((error) => console.error('recording upload not resumed', error));
      await afterSessionChange();
      return currentView(bg);
    },

    'session.signInCancel': async () => {
      const under = signInUnderWay;
      signInUnderWay = null;
      under?.abort();
      return { cancelled: under !== null };
    },

    'session.signOut': async ({ keepRecordings }) => {
      await bg.jobs.engine.suspendUploads();
      // Ended as the service ends a session (the recordings kept), or signed out (they go).
      if (keepRecordings) await bg.session.store.set(null);
      else await bg.session.store.clear();
      await accountItem.setValue(null);
      await afterSessionChange();
      return currentView(bg);
    },

    'settings.get': () => settingsView(),

    'settings.set': async (payload) => {
      const { serviceUrl, discardRecordings, ...rest } = payload;
      if (serviceUrl !== undefined) {
        // A new address ends the session and deletes the recordings kept (and a running one):
        // asked first, as a sign-in to another service is; nothing changes until agreed.
        const next = normalizeServiceUrl(checkedServiceUrl(serviceUrl));
        const atStake =
          next === (await serviceUrlItem.getValue()) ? 0 : await bg.recording.keptFor(null).catch(() => 0);
        if (atStake > 0 && !discardRecordings)
          throw new MessageError({ kind: 'recording', reason: 'kept-for-another', detail: String(atStake) });
        await switchService(bg, serviceUrl);
      }
      const before = await getSettings();
      const next: Settings = { ...before };
      for (const [key, value] of Object.entries(rest)) {
        if (value !== undefined) (next as unknown as Record<string, unknown>)[key] = value;
      }
      await settingsItem.setValue(next);
      if (next.language !== before.language) await createMenus(await bg.lang()).catch(() => undefined);
      if (serviceUrl !== undefined) await afterSessionChange();
      return settingsView();
    },

    'service.origins': async () => {
      const serviceUrl = await serviceUrlItem.getValue();
      let known = await storageOriginsItem.getValue();
      if (known.length === 0 && (await bg.session.store.get()) && (await bg.hasOriginAccess(serviceUrl))) {
        // One recording's source link names the storage origin.
        try {
          const space = await bg.spaces.resolve();
          const page = await bg.session.client.listRecordings(space.id, { limit: 1, offset: 0 });
          await bg.session.noteStorageOrigins(page.results.map((recording) => recording.url));
          known = await storageOriginsItem.getValue();
        } catch {
          // Unknown for now; the upload reports a missing permission with its origin.
        }
      }
      // A site an upload was refused or waits for (a recording's, a file's): asked for at the next
      // upload's click, and by the job's own "Allow access".
      for (const job of await bg.jobs.store.list()) {
        const origin =
          job.failure?.kind === 'permission-denied'
            ? job.failure.origin
            : job.blocked === 'site'
              ? job.blockedOrigin
              : undefined;
        if (origin === undefined || known.includes(origin) || known.length >= 10) continue;
        if (URL.canParse(origin)) known = [...known, origin];
      }
      const service = originPattern(serviceUrl);
      const storage = [...new Set(known.map((origin) => originPattern(origin)))].filter(
        (pattern) => pattern !== service,
      );
      const missing: string[] = [];
      for (const [pattern, url] of [
        [service, serviceUrl] as const,
        ...known.map((origin) => [originPattern(origin), origin] as const),
      ]) {
        if (!missing.includes(pattern) && !(await bg.hasOriginAccess(url))) {
          missing.push(pattern);
        }
      }
      return { service, storage, missing };
    },
  };
}
