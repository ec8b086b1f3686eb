import { useEffect, useRef, useState } from 'preact/hooks';
import { type ErrorInfo, sendMessage } from '@/lib/messaging';
import { originOf, originPattern } from '@/lib/permissions';
import { parseServiceUrl } from '@/lib/url/service-url';
import { describeSignInError, loadFailureTexts } from '../failures';
import { lang, text } from '../lang';
import { ConfirmDialog } from '../ui';
import { readAccount } from './follow';
import { requestMissingOrigins, requestServiceAccess } from './permission';
import { ServiceUrlPreview, serviceUrlProblemText } from './ServiceUrlPreview';
import { forgetSnapshot } from './snapshot';
import { serviceUrl, session } from './store';

/**
 * Pauses before the second and third attempt after a transport failure (contract: sign-in is
 * retried 1-2 times after 1-2 s). The form runs them itself, one attempt per message, so that
 * what went wrong is on screen while it tries again.
 */
export const SIGN_IN_PAUSES_MS = [1_000, 2_000] as const;
/** After this long without an answer the form says it is still trying. */
export const STILL_TRYING_AFTER_MS = 2_500;

const TRANSPORT_KINDS = new Set(['network', 'timeout', 'server']);

/** What the form says while a sign-in is under way. */
type Progress = { kind: 'slow'; url: string } | { kind: 'retrying'; error: ErrorInfo; url: string };

export function SignIn({ email: initialEmail }: { email?: string }) {
  const m = text.value;
  const [url, setUrl] = useState(serviceUrl.value);
  // The address changed in the options while the form is open: the form takes the new one.
  const stored = serviceUrl.value;
  useEffect(() => setUrl(stored), [stored]);
  const [email, setEmail] = useState(initialEmail ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  /** How many recordings kept for another account this sign-in would delete (asked first). */
  const [keptFor, setKeptFor] = useState(0);
  /**
   * The storage sites of this service known and not granted yet (recordings' uploads need them):
   * asked for with the service's at sign-in, inside its click.
   */
  const [storage, setStorage] = useState<{ serviceUrl: string; missing: string[] } | null>(null);
  useEffect(() => {
    void sendMessage('service.origins', {}).then((answer) => {
      if (!answer.ok) return;
      const missing = answer.data.missing.filter((pattern) => answer.data.storage.includes(pattern));
      setStorage({ serviceUrl: serviceUrl.value, missing });
    });
  }, []);
  /** The sign-in under way; its `cancelled` flag stops the loop after Cancel or unmount. */
  const run = useRef<{ cancelled: boolean } | null>(null);

  useEffect(
    () => () => {
      if (run.current) run.current.cancelled = true;
    },
    [],
  );

  const cancel = () => {
    if (!run.current) return;
    run.current.cancelled = true;
    run.current = null;
    void sendMessage('session.signInCancel', {});
    setBusy(false);
    setProgress(null);
  };

  const submit = (event: Event) => {
    event.preventDefault();
    if (busy) return;
    signIn(false);
  };

  /** Signs in; `discard`: the person agreed to delete the recordings kept for another account. */
  const signIn = (discard: boolean) => {
    const parsed = parseServiceUrl(url);
    if (!parsed.ok) {
      // The sentence names the problem; it never repeats the address (it may hold a password).
      setError(serviceUrlProblemText(parsed.problem));
      return;
    }
    // Checked here, before anything is sent; what was typed stays in the fields.
    if (!/^[^\s@]+@[^\s@]+$/.test(email.trim())) {
      setError(m.emailInvalid);
      return;
    }
    if (password === '') {
      setError(m.passwordMissing);
      return;
    }
    const target = parsed.url;
    // Asked first, inside the submit handler: the permission prompt needs the user's gesture.
    const known =
      storage && storage.missing.length > 0 && storage.serviceUrl === target ? storage.missing : [];
    const access =
      known.length > 0
        ? requestMissingOrigins([originPattern(target), ...known])
        : requestServiceAccess(target);
    const current = { cancelled: false };
    run.current = current;
    setBusy(true);
    setError(null);
    setProgress(null);
    void (async () => {
      let slow: ReturnType<typeof setTimeout> | undefined;
      try {
        if (!(await access)) {
          const { describeSignInError: describe } = await loadFailureTexts();
          setError(describe({ kind: 'permission-denied', origin: originOf(target) }, lang.value));
          return;
        }
        // Whoever signs in now, nothing of the account before is painted at the next opening.
        forgetSnapshot();
        for (let attempt = 0; ; attempt += 1) {
          clearTimeout(slow);
          slow = setTimeout(() => {
            if (!current.cancelled) setProgress((shown) => shown ?? { kind: 'slow', url: target });
          }, STILL_TRYING_AFTER_MS);
          const answer = await sendMessage('session.signIn', {
            serviceUrl: target,
            email: email.trim(),
            password,
            retry: false,
            ...(discard && { discardRecordings: true }),
          });
          clearTimeout(slow);
          if (current.cancelled) return;
          if (answer.ok) {
            setPassword('');
            setProgress(null);
            serviceUrl.value = answer.data.serviceUrl;
            session.value = answer.data;
            await readAccount();
            return;
          }
          const failure = answer.error as ErrorInfo;
          if (failure.kind === 'recording' && failure.reason === 'kept-for-another') {
            // Recordings are kept for another account: asked before anything is deleted.
            setProgress(null);
            setKeptFor(Math.max(1, Number(failure.detail) || 1));
            return;
          }
          const pause = SIGN_IN_PAUSES_MS[attempt];
          if (!TRANSPORT_KINDS.has(failure.kind) || pause === undefined) {
            const { describeSignInError: describe } = await loadFailureTexts();
            if (current.cancelled) return;
            setProgress(null);
            setError(describe(failure, lang.value, target));
            return;
          }
          // Told at once (a refused connection is known at once), then tried again.
          await loadFailureTexts();
          if (current.cancelled) return;
          setProgress({ kind: 'retrying', error: failure, url: target });
          await new Promise((resolve) => setTimeout(resolve, pause));
          if (current.cancelled) return;
        }
      } finally {
        clearTimeout(slow);
        if (run.current === current) {
          run.current = null;
          setBusy(false);
        }
      }
    })();
  };

  return (
    <form onSubmit={submit} aria-labelledby="sign-in-title" data-testid="sign-in-form" noValidate>
      <h2 id="sign-in-title" class="section-title">
        {m.signInTitle}
      </h2>
      <p class="muted small-text">{m.signInIntro}</p>
      <div class="field">
        <label for="service-url">{m.serviceUrl}</label>
        <input
          id="service-url"
          type="url"
          inputMode="url"
          autoComplete="url"
          spellcheck={false}
          autoCapitalize="off"
          required
          value={url}
          aria-describedby="service-url-preview"
          onInput={(event) => setUrl(event.currentTarget.value)}
        />
        <ServiceUrlPreview id="service-url-preview" value={url} />
      </div>
      <div class="field">
        <label for="email">{m.email}</label>
        <input
          id="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onInput={(event) => setEmail(event.currentTarget.value)}
        />
      </div>
      <div class="field">
        <label for="password">{m.password}</label>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onInput={(event) => setPassword(event.currentTarget.value)}
        />
      </div>
      {error && (
        <div class="alert error" role="alert" data-testid="sign-in-error">
          {error}
        </div>
      )}
      {progress && (
        <div
          class={`alert ${progress.kind === 'retrying' ? 'error' : 'warn'}`}
          role={progress.kind === 'retrying' ? 'alert' : 'status'}
          data-testid="sign-in-progress"
          data-state={progress.kind === 'retrying' ? progress.error.kind : 'slow'}
        >
          <div>
            {progress.kind === 'retrying'
              ? `${describeSignInError(progress.error, lang.value, progress.url)} ${m.tryingAgain}`
              : m.stillTrying(progress.url)}
          </div>
          <div class="row">
            <button type="button" class="small" onClick={cancel}>
              {m.cancel}
            </button>
          </div>
        </div>
      )}
      <button type="submit" class="primary" style={{ width: '100%' }} disabled={busy}>
        {busy ? m.signingIn : m.signIn}
      </button>
      <ConfirmDialog
        open={keptFor > 0}
        title={m.signInKept(keptFor)}
        confirmLabel={m.signInDelete}
        danger
        busy={busy}
        onConfirm={() => {
          setKeptFor(0);
          signIn(true);
        }}
        onClose={() => setKeptFor(0)}
      >
        <p class="small-text muted">{m.signInKeptNote}</p>
      </ConfirmDialog>
    </form>
  );
}
