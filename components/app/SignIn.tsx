import { useState } from 'preact/hooks';
import { type ErrorInfo, sendMessage } from '@/lib/messaging';
import { originOf } from '@/lib/permissions';
import { describeSignInError } from '../errors';
import { lang, text } from '../lang';
import { requestServiceAccess } from './permission';
import { refreshAll, serviceUrl, session } from './store';

function validUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

export function SignIn({ email: initialEmail }: { email?: string }) {
  const m = text.value;
  const [url, setUrl] = useState(serviceUrl.value);
  const [email, setEmail] = useState(initialEmail ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: Event) => {
    event.preventDefault();
    const target = url.trim().replace(/\/+$/, '');
    if (!validUrl(target)) {
      setError(m.invalidUrl);
      return;
    }
    // Asked first, inside the submit handler: the permission prompt needs the user's gesture.
    const access = requestServiceAccess(target);
    setBusy(true);
    setError(null);
    void (async () => {
      try {
        if (!(await access)) {
          setError(m.permissionDenied(originOf(target)));
          return;
        }
        const answer = await sendMessage('session.signIn', {
          serviceUrl: target,
          email: email.trim(),
          password,
        });
        if (!answer.ok) {
          setError(describeSignInError(answer.error as ErrorInfo, lang.value));
          return;
        }
        setPassword('');
        serviceUrl.value = answer.data.serviceUrl;
        session.value = answer.data;
        await refreshAll();
      } finally {
        setBusy(false);
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
          required
          value={url}
          onInput={(event) => setUrl(event.currentTarget.value)}
        />
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
      <button type="submit" class="primary" style={{ width: '100%' }} disabled={busy}>
        {busy ? m.signingIn : m.signIn}
      </button>
    </form>
  );
}
