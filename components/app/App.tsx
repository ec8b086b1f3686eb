/**
 * The signed-in home (balance, jobs, recordings) or the sign-in form, with the popup's sub-views:
 * one recording, upload, trash. Used by the popup, the side panel, and by the viewer page when it
 * names no recording.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { Recording } from '@/lib/api/schemas';
import { sessionChangedItem } from '@/lib/storage';
import { loadFailureTexts } from '../failures';
import { text } from '../lang';
import { ErrorMessage, IconButton, Skeleton } from '../ui';
import { BalanceCard, JobsList, type Navigate, NoticeBar, RecordingList, SpacePicker } from './Home';
import { lazyView } from './lazy';
import { SignOutButton } from './SignOut';
import {
  boot,
  currentSpace,
  refreshSession,
  serviceUrl,
  session,
  sessionError,
  signOut,
  watchJobs,
} from './store';

// The sub-views load on first use (the popup's first load is the home view alone).
const RecordingDetail = lazyView(() => import('./RecordingDetail').then((module) => module.RecordingDetail));
const Upload = lazyView(() => import('./Upload').then((module) => module.Upload));
const Trash = lazyView(() => import('./Trash').then((module) => module.Trash));
// The sign-in form (with the service address checks) is loaded only when the session says signed
// out: a signed-in opening, the usual one, does not carry it. A skeleton stands until it is in.
const SignIn = lazyView(() => import('./SignIn').then((module) => module.SignIn));
// The Upcoming list and its texts (both languages) are not needed for the first paint: their code
// loads while the list's data is asked for.
const Upcoming = lazyView(() => import('./Upcoming').then((module) => module.Upcoming), { quiet: true });
// "Record here": its view and texts load after the first paint.
const Recorder = lazyView(() => import('./Recorder').then((module) => module.Recorder), { quiet: true });
// Signed out: a recording that goes on or waits for its account says so above the form.
const RecordingWaits = lazyView(() => import('./Recorder').then((module) => module.RecordingWaits), {
  quiet: true,
});
const preloadViews = () => Promise.all([RecordingDetail.preload(), Upload.preload(), Trash.preload()]);
// "Open items": its view, texts and data code load only when it is opened.
const OpenItems = lazyView(() => import('../items/OpenItems').then((module) => module.OpenItems));

type View =
  | { name: 'home' }
  | { name: 'recording'; recording: Recording }
  | { name: 'upload' | 'trash' | 'items' };

function SessionBanner() {
  const m = text.value;
  const view = session.value;
  if (!view?.signedIn || !view.warning) return null;
  return (
    <div class="alert warn" role="status" data-testid="session-warning">
      {view.warning === 'expired' ? m.sessionExpired : m.sessionEndsSoon}
      <div class="row">
        {/* Signing in again keeps the recordings, as a session the service ends does. */}
        <button type="button" class="small" onClick={() => void signOut({ keepRecordings: true })}>
          {m.signInAgain}
        </button>
      </div>
    </div>
  );
}

function Header({ onNavigate, home }: { onNavigate: (view: View) => void; home: boolean }) {
  const m = text.value;
  const signedIn = session.value?.signedIn ?? false;
  return (
    <header class="app-header row">
      <h1 class="app-title">
        <img src="/icon/32.png" alt="" width={20} height={20} />
        {m.appName}
      </h1>
      <span class="spacer" />
      {signedIn && (
        <nav class="row app-actions" aria-label={m.appName}>
          {home && (
            <>
              <IconButton
                label={m.openItems}
                testId="open-items-button"
                onClick={() => onNavigate({ name: 'items' })}
              >
                <path d="M9 6h11M9 12h11M9 18h11" />
                <path d="m3.5 6 1.5 1.5L7.5 5M3.5 12l1.5 1.5L7.5 11M3.5 18l1.5 1.5 2.5-2.5" />
              </IconButton>
              <IconButton
                label={m.upload}
                showLabel
                ghost={false}
                onClick={() => onNavigate({ name: 'upload' })}
              >
                <path d="M12 15V4" />
                <path d="m7 9 5-5 5 5" />
                <path d="M5 15v4a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-4" />
              </IconButton>
              <IconButton label={m.trash} onClick={() => onNavigate({ name: 'trash' })}>
                <path d="M4 7h16" />
                <path d="M10 11v6M14 11v6" />
                <path d="M6 7l1 13h10l1-13" />
                <path d="M9 7V4h6v3" />
              </IconButton>
            </>
          )}
          <IconButton label={m.settings} onClick={() => void browser.runtime.openOptionsPage()}>
            <circle cx="12" cy="12" r="3" />
            <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
          </IconButton>
        </nav>
      )}
    </header>
  );
}

export interface AppProps {
  /** The popup's "open in the side panel" action, where the browser has one. */
  onOpenPanel?: () => void;
  /** Shown on the signed-in home, above the space picker (the side panel's meeting search). */
  children?: ComponentChildren;
}

export function App({ onOpenPanel, children }: AppProps = {}) {
  const m = text.value;
  const [view, setView] = useState<View>({ name: 'home' });
  useEffect(() => {
    void Upcoming.preload().catch(() => undefined);
    void boot();
    // Once the home view is up, the sub-views and the failure sentences load in the background: a
    // click (or a failed request) finds them ready.
    const timer = setTimeout(() => {
      void preloadViews().catch(() => undefined);
      void loadFailureTexts().catch(() => undefined);
    }, 300);
    const stop = watchJobs();
    // The page follows the session (./follow.ts, lib/session-follow): at each change the background
    // reports, it asks for the session and drops the account shown when it is no longer signed in.
    // The step loads at the first change: the first frame does not carry it.
    const unfollow = sessionChangedItem.watch(
      () => void import('./follow').then((follow) => follow.followSession()),
    );
    return () => {
      clearTimeout(timer);
      stop();
      unfollow();
    };
  }, []);

  // Keyboard and screen-reader users land on the heading of the view they switched to.
  const mainRef = useRef<HTMLElement>(null);
  const firstView = useRef(true);
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    const focusHeading = () => {
      const heading = mainRef.current?.querySelector<HTMLElement>(
        view.name === 'home' ? '#recordings-title' : 'h2',
      );
      if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      }
    };
    if (view.name === 'home') return focusHeading();
    // A sub-view not loaded yet renders its heading once its code is in.
    let live = true;
    (view.name === 'items' ? OpenItems.preload() : preloadViews())
      .then(() => new Promise((resolve) => setTimeout(resolve)))
      .then(() => live && focusHeading())
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [view]);

  const navigate: Navigate = (next) => setView(next);
  const home = () => setView({ name: 'home' });
  const current = session.value;
  // Another account (or none) in place of the one shown: its recording or form is not left open.
  const account = current?.signedIn ? `${current.serviceUrl}\n${current.email}` : null;
  const shownFor = useRef(account);
  if (shownFor.current !== account) {
    shownFor.current = account;
    if (view.name !== 'home') setView({ name: 'home' });
  }

  let body = null;
  if (current === null) body = sessionError.value ? null : <Skeleton lines={8} />;
  else if (!current.signedIn)
    body = (
      <>
        <RecordingWaits />
        <SignIn email={current.email} />
      </>
    );
  else if (view.name === 'recording') body = <RecordingDetail recording={view.recording} onBack={home} />;
  else if (view.name === 'upload') body = <Upload onBack={home} />;
  else if (view.name === 'trash') body = <Trash onBack={home} />;
  else if (view.name === 'items') body = <OpenItems onBack={home} />;
  else
    body = (
      <>
        <SessionBanner />
        <NoticeBar />
        {children}
        <SpacePicker />
        <BalanceCard space={currentSpace.value} />
        <Recorder />
        <JobsList />
        <Upcoming />
        <RecordingList navigate={navigate} />
      </>
    );

  return (
    <div class="app">
      <Header onNavigate={setView} home={view.name === 'home'} />
      <main class="app-main" ref={mainRef}>
        {sessionError.value && (
          <ErrorMessage error={sessionError.value} onRetry={() => void refreshSession()} />
        )}
        {body}
      </main>
      <footer class="app-footer row small-text muted">
        <span
          data-testid="service-url"
          class="service-url"
          title={serviceUrl.value ? `${m.serviceFooter}: ${serviceUrl.value}` : undefined}
        >
          {m.serviceFooter}: {serviceUrl.value || '…'}
        </span>
        <span class="spacer" />
        {onOpenPanel && (
          <IconButton label={m.openSidePanel} testId="open-side-panel" onClick={onOpenPanel}>
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <path d="M15 4v16" />
          </IconButton>
        )}
        {current?.signedIn && <SignOutButton className="ghost small" label={m.signOut} />}
      </footer>
    </div>
  );
}
