import { useEffect, useState } from 'preact/hooks';
import type { SpaceListItem } from '@/lib/api/schemas';
import { defineMessages, detectLang } from '@/lib/i18n';
import { type ErrorInfo, sendMessage } from '@/lib/messaging';
import { originOf } from '@/lib/permissions';
import { listedOrder } from '@/lib/spaces';
import { type Settings, sessionChangedItem } from '@/lib/storage';
import { parseServiceUrl } from '@/lib/url/service-url';
import { lazyView } from './app/lazy';
import { requestServiceAccess } from './app/permission';
import { ServiceUrlPreview, serviceUrlProblemText } from './app/ServiceUrlPreview';
import { forgetSnapshot } from './app/snapshot';
import { loadFailureTexts } from './failures';
import { lang, text } from './lang';
import { ConfirmDialog, ErrorMessage, Notice, Skeleton } from './ui';
import { useList } from './use-list';

/** The option of names from the meeting page (lib/background/page-names.ts): the options page's own texts. */
const pageNamesText = defineMessages(
  {
    applyPageNames: 'Apply confident names from the meeting page without asking',
    applyPageNamesHint:
      'While a meeting tab is recorded with “Record here”, Meeting Capture notes who is in the call and who speaks when (names and times only, kept in this browser). When the result is ready, a voice that clearly matches a participant gets that name; the others keep their labels. Off: the viewer and the popup offer the names first (Use them / Edit).',
  },
  {
    applyPageNames: 'Применять уверенные имена со страницы встречи без вопроса',
    applyPageNamesHint:
      'Пока вкладка встречи записывается («Записать здесь»), Meeting Capture отмечает, кто в звонке и кто когда говорит (только имена и время, хранятся в этом браузере). Когда результат готов, голос, который явно совпадает с участником, получает его имя; остальные сохраняют метки. Выключено: просмотр и окно расширения сначала предлагают имена («Применить» / «Изменить»).',
  },
);

// The charges log (and its words in both languages) sits at the foot of the page: loaded after the first paint.
const ChargesLog = lazyView(() => import('./ChargesLog').then((module) => module.ChargesLog), {
  quiet: true,
});

// "Record here"'s option (the stop after silence, Chrome only) and its words: loaded after the first paint.
const RecordHereOptions = lazyView(() =>
  import('./RecordHereOptions').then((module) => module.RecordHereOptions),
);

// Diagnostics (calendar and meeting pages that changed), at the foot of the page too.
const PageDiagnostics = lazyView(() => import('./PageDiagnostics').then((module) => module.PageDiagnostics), {
  quiet: true,
});

/**
 * Options → Calendars, Deliveries and Meetings kept for search, each loaded after the first render
 * with its texts: the page's first load does not carry them.
 */
const CalendarsSection = lazyView(() =>
  import('./address-sections').then((module) => module.CalendarsSection),
);
const DeliveriesSection = lazyView(() =>
  import('./address-sections').then((module) => module.DeliveriesSection),
);
const ArchiveView = lazyView(() => import('./search/ArchiveSection').then((module) => module.ArchiveSection));

function ArchiveSection({ spaces }: { spaces: SpaceListItem[] | null }) {
  return (
    <ArchiveView
      spaceNames={Object.fromEntries((spaces ?? []).map((item) => [item.space.id, item.space.name]))}
    />
  );
}

type Loaded = Settings & { serviceUrl: string };
type Patch = Partial<
  Omit<Loaded, 'language'> & { language: Settings['language']; discardRecordings: boolean }
>;

const HOST = /^(?=.{1,253}$)(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)*(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A host name from what the user typed (a bare host or a URL). */
export function siteHost(input: string): string | null {
  const value = input.trim().toLowerCase();
  if (value === '') return null;
  try {
    const host = new URL(value.includes('://') ? value : `https://${value}`).hostname;
    return HOST.test(host) ? host : null;
  } catch {
    return null;
  }
}

export function Options() {
  const m = text.value;
  // The address field starts from the stored address when it is read.
  const {
    data: settings,
    setData: setSettings,
    error: loadError,
    load,
  } = useList(() =>
    sendMessage('settings.get', {}).then((answer) => {
      if (answer.ok) setUrl(answer.data.serviceUrl);
      return answer;
    }),
  );
  const { data: session, load: loadSession } = useList(() => sendMessage('session.get', {}));
  // A page left open follows the session (lib/session-follow): a sign-out or another account shows.
  useEffect(() => sessionChangedItem.watch(() => void loadSession()), []);
  // The failure sentences load once the page is up (components/failures.ts): the sections word a
  // refusal as it comes back, and find them ready.
  useEffect(() => {
    const timer = setTimeout(() => void loadFailureTexts().catch(() => undefined), 300);
    return () => clearTimeout(timer);
  }, []);
  // Whose data is shown (the key of lib/session-follow, written out: that module loads later).
  const account = session?.signedIn ? `${session.serviceUrl}\n${session.email}` : null;
  // Read for each account signed in; a failed read keeps the picker disabled. Nothing of an account
  // is shown once another one (or none) is signed in.
  const spacesRead = useList(() => (account ? sendMessage('spaces.list', {}) : null), [account]);
  useEffect(() => spacesRead.setData(null), [account]);
  const spaces = account ? spacesRead.data : null;
  const [saveError, setSaveError] = useState<ErrorInfo | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [urlProblem, setUrlProblem] = useState<string | null>(null);
  const [site, setSite] = useState('');
  const [siteProblem, setSiteProblem] = useState<string | null>(null);

  useEffect(() => {
    document.title = m.optionsTitle;
  }, [m.optionsTitle]);

  /** `asked`: a refusal the caller asks the person about (true) instead of showing it as an error. */
  const save = async (patch: Patch, asked?: (error: ErrorInfo) => boolean) => {
    setStatus(null);
    // Shown at once; the answer (or a failure) puts the stored value back in place.
    const { discardRecordings: _, ...shown } = patch;
    setSettings((current) => (current ? { ...current, ...shown } : current));
    // The popup's snapshot may show another service, space or language: the next opening waits.
    forgetSnapshot();
    const answer = await sendMessage('settings.set', patch);
    if (!answer.ok) {
      if (!asked?.(answer.error)) setSaveError(answer.error);
      const stored = await sendMessage('settings.get', {});
      if (stored.ok) setSettings(stored.data);
      return false;
    }
    setSaveError(null);
    setSettings(answer.data);
    setStatus(m.saved);
    return true;
  };

  /** The address and how many recordings it would delete, asked about before it is saved. */
  const [keptFor, setKeptFor] = useState<{ count: number; target: string } | null>(null);
  const [changing, setChanging] = useState(false);

  /** Saves `target` as the address; `discard`: the person agreed to delete the recordings kept. */
  const changeUrl = async (target: string, discard: boolean) => {
    const saved = await save({ serviceUrl: target, ...(discard && { discardRecordings: true }) }, (error) => {
      // Recordings are kept (or one runs): asked before anything is deleted or changed.
      if (error.kind !== 'recording' || error.reason !== 'kept-for-another') return false;
      setKeptFor({ count: Math.max(1, Number(error.detail) || 1), target });
      return true;
    });
    if (saved) {
      setUrl(target);
      // The session went with the service before the address changed: the open pages (and this
      // one) ask again, and show the sign-in form for the new address.
      void sessionChangedItem.setValue(Date.now());
    }
  };

  const saveUrl = (event: Event) => {
    event.preventDefault();
    const parsed = parseServiceUrl(url);
    if (!parsed.ok) {
      // The sentence names the problem; it never repeats the address (it may hold a password).
      setUrlProblem(serviceUrlProblemText(parsed.problem));
      return;
    }
    const target = parsed.url;
    // Requested inside the submit handler: the permission prompt needs the user's gesture.
    const access = requestServiceAccess(target);
    void (async () => {
      if (!(await access)) {
        const { describeSignInError } = await loadFailureTexts();
        setUrlProblem(
          describeSignInError({ kind: 'permission-denied', origin: originOf(target) }, lang.value),
        );
        return;
      }
      setUrlProblem(null);
      await changeUrl(target, false);
    })();
  };

  const addSite = (event: Event) => {
    event.preventDefault();
    if (!settings) return;
    const host = siteHost(site);
    if (!host) {
      setSiteProblem(m.badSite);
      return;
    }
    setSiteProblem(null);
    setSite('');
    if (!settings.hiddenOnSites.includes(host))
      void save({ hiddenOnSites: [...settings.hiddenOnSites, host] });
  };

  if (!settings) {
    return (
      <main class="options">
        <h1>{m.optionsTitle}</h1>
        {loadError ? <ErrorMessage error={loadError} onRetry={() => void load()} /> : <Skeleton lines={8} />}
      </main>
    );
  }

  const browserLang = detectLang(typeof navigator === 'undefined' ? [] : navigator.languages);
  const sorted = listedOrder(spaces ?? []);

  return (
    <main class="options">
      <h1>{m.optionsTitle}</h1>
      <div aria-live="polite" class="options-status">
        {status && <Notice>{status}</Notice>}
        <ErrorMessage error={saveError} />
      </div>

      <section aria-labelledby="opt-connection" class="card options-section">
        <h2 id="opt-connection">{m.connection}</h2>
        <form class="field" onSubmit={saveUrl} noValidate>
          <label for="opt-service-url">{m.serviceUrl}</label>
          <div class="row">
            <input
              id="opt-service-url"
              type="url"
              value={url}
              inputMode="url"
              spellcheck={false}
              autoCapitalize="off"
              aria-describedby="opt-service-url-preview opt-service-url-hint"
              onInput={(event) => setUrl(event.currentTarget.value)}
            />
            <button type="submit" class="primary">
              {m.save}
            </button>
          </div>
          <ServiceUrlPreview id="opt-service-url-preview" value={url} />
          <span id="opt-service-url-hint" class="hint">
            {m.serviceUrlHint}
          </span>
          {urlProblem && (
            <div class="alert error" role="alert" data-testid="service-url-problem">
              {urlProblem}
            </div>
          )}
        </form>
        <p class="muted small-text" data-testid="account">
          {session?.signedIn && session.email ? m.signedInAs(session.email) : m.notSignedIn}
        </p>
        <ConfirmDialog
          open={keptFor !== null}
          title={m.serviceKept(keptFor?.count ?? 1)}
          confirmLabel={m.serviceDelete}
          danger
          busy={changing}
          onConfirm={() => {
            const target = keptFor?.target;
            if (!target) return;
            setChanging(true);
            void changeUrl(target, true).finally(() => {
              setChanging(false);
              setKeptFor(null);
            });
          }}
          onClose={() => setKeptFor(null)}
        >
          <p class="small-text muted">{m.serviceKeptNote}</p>
        </ConfirmDialog>
      </section>

      <section aria-labelledby="opt-space" class="card options-section">
        <h2 id="opt-space">{m.defaultSpace}</h2>
        <div class="field">
          <label for="opt-default-space">{m.space}</label>
          <select
            id="opt-default-space"
            disabled={!spaces}
            value={settings.defaultSpaceId === null ? '' : String(settings.defaultSpaceId)}
            aria-describedby="opt-default-space-hint"
            onChange={(event) => {
              const value = event.currentTarget.value;
              void save({ defaultSpaceId: value === '' ? null : Number(value) });
            }}
          >
            <option value="">{m.defaultSpaceMain}</option>
            {sorted.map((item) => (
              <option key={item.space.id} value={String(item.space.id)}>
                {item.is_main_space ? m.mainSpace(item.space.name) : item.space.name}
              </option>
            ))}
          </select>
          <span id="opt-default-space-hint" class="hint">
            {spaces ? m.defaultSpaceHint : m.signInForSpaces}
          </span>
        </div>
      </section>

      <CalendarsSection spaces={spaces ? sorted : null} />

      <section aria-labelledby="opt-meeting-tabs" class="card options-section">
        <h2 id="opt-meeting-tabs">{m.meetingTabs}</h2>
        <label class="check">
          <input
            type="checkbox"
            checked={settings.autoJoinTabs}
            aria-describedby="opt-auto-join-hint"
            onChange={(event) => void save({ autoJoinTabs: event.currentTarget.checked })}
          />
          {m.autoJoinTabs}
        </label>
        <span id="opt-auto-join-hint" class="hint">
          {m.autoJoinTabsHint}
        </span>
        <label class="check">
          <input
            type="checkbox"
            checked={settings.applyPageNames}
            aria-describedby="opt-page-names-hint"
            data-testid="apply-page-names"
            onChange={(event) => void save({ applyPageNames: event.currentTarget.checked })}
          />
          {pageNamesText[lang.value].applyPageNames}
        </label>
        <span id="opt-page-names-hint" class="hint">
          {pageNamesText[lang.value].applyPageNamesHint}
        </span>
      </section>

      <DeliveriesSection spaces={spaces ? sorted : null} />

      <ArchiveSection spaces={spaces ? sorted : null} />

      <section aria-labelledby="opt-notify" class="card options-section">
        <h2 id="opt-notify">{m.notifications}</h2>
        <label class="check">
          <input
            type="checkbox"
            checked={settings.notifyReady}
            onChange={(event) => void save({ notifyReady: event.currentTarget.checked })}
          />
          {m.notifyReady}
        </label>
        <label class="check">
          <input
            type="checkbox"
            checked={settings.notifyFailed}
            onChange={(event) => void save({ notifyFailed: event.currentTarget.checked })}
          />
          {m.notifyFailed}
        </label>
      </section>

      <section aria-labelledby="opt-processing" class="card options-section">
        <h2 id="opt-processing">{m.processing}</h2>
        <label class="check">
          <input
            type="checkbox"
            checked={settings.autoProcess}
            onChange={(event) => void save({ autoProcess: event.currentTarget.checked })}
          />
          {m.autoProcess}
        </label>
      </section>

      {!import.meta.env.FIREFOX && (
        <RecordHereOptions
          silenceStopMinutes={settings.silenceStopMinutes}
          onChange={(silenceStopMinutes) => void save({ silenceStopMinutes })}
        />
      )}

      <section aria-labelledby="opt-language" class="card options-section">
        <h2 id="opt-language">{m.interfaceLanguage}</h2>
        <div class="field">
          <label for="opt-lang">{m.language}</label>
          <select
            id="opt-lang"
            value={settings.language}
            onChange={(event) => void save({ language: event.currentTarget.value as Settings['language'] })}
          >
            <option value="auto">{m.languageAuto(browserLang === 'ru' ? 'Русский' : 'English')}</option>
            <option value="en" lang="en">
              English
            </option>
            <option value="ru" lang="ru">
              Русский
            </option>
          </select>
        </div>
      </section>

      <section aria-labelledby="opt-sites" class="card options-section">
        <h2 id="opt-sites">{m.hiddenSites}</h2>
        <p class="muted small-text">{m.hiddenSitesHint}</p>
        {settings.hiddenOnSites.length === 0 ? (
          <p class="muted small-text">{m.noHiddenSites}</p>
        ) : (
          <ul class="plain-list site-list" data-testid="hidden-sites">
            {settings.hiddenOnSites.map((host) => (
              <li key={host} class="row">
                <span>{host}</span>
                <span class="spacer" />
                <button
                  type="button"
                  class="small ghost"
                  aria-label={m.removeSite(host)}
                  onClick={() =>
                    void save({ hiddenOnSites: settings.hiddenOnSites.filter((h) => h !== host) })
                  }
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <form class="field" onSubmit={addSite}>
          <label for="opt-site">{m.siteName}</label>
          <div class="row">
            <input
              id="opt-site"
              type="text"
              value={site}
              onInput={(event) => setSite(event.currentTarget.value)}
            />
            <button type="submit">{m.addSite}</button>
          </div>
          {siteProblem && (
            <div class="alert error" role="alert">
              {siteProblem}
            </div>
          )}
        </form>
      </section>

      <ChargesLog />
      <PageDiagnostics />
    </main>
  );
}
