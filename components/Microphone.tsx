/**
 * The microphone page of "Record here": why the microphone is wanted, and one request for it
 * (`getUserMedia`) from a tab, where Chrome can show its prompt and remembers the answer for the
 * extension. The recording page (an offscreen document) then uses the microphone, or keeps to the
 * refusal (lib/recording/microphone.ts). The stream got here is stopped at once.
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import {
  type MicrophoneAnswer,
  type MicrophonePermission,
  microphoneAnswer,
  microphoneSettingsUrl,
  toMicrophonePermission,
} from '@/lib/recording/microphone';
import { microphoneText } from './microphone-texts';

/** The microphone's permission state for the extension, followed while the page is open. */
export function useMicrophonePermission(): MicrophonePermission {
  const [permission, setPermission] = useState<MicrophonePermission>('unknown');
  useEffect(() => {
    let status: PermissionStatus | null = null;
    const follow = () => setPermission(toMicrophonePermission(status?.state));
    navigator.permissions
      ?.query({ name: 'microphone' as PermissionName })
      .then((answer) => {
        status = answer;
        follow();
        answer.addEventListener('change', follow);
      })
      .catch(() => setPermission('unknown'));
    return () => status?.removeEventListener('change', follow);
  }, []);
  return permission;
}

export function openMicrophonePage(): void {
  void browser.tabs.create({ url: browser.runtime.getURL('/microphone.html') });
}

export function openMicrophoneSettings(): void {
  void browser.tabs.create({ url: microphoneSettingsUrl(new URL(browser.runtime.getURL('/')).origin) });
}

export function Microphone() {
  const t = microphoneText.value;
  const permission = useMicrophonePermission();
  const [answer, setAnswer] = useState<MicrophoneAnswer | 'asking' | null>(null);

  const ask = async () => {
    setAnswer('asking');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      for (const track of stream.getTracks()) track.stop();
      setAnswer(microphoneAnswer(undefined));
    } catch (error) {
      setAnswer(microphoneAnswer((error as { name?: string }).name ?? 'Error'));
    }
  };

  const settings = (
    <button type="button" onClick={openMicrophoneSettings}>
      {t.openSettings}
    </button>
  );
  let outcome = null;
  if (answer === 'asking') outcome = <p role="status">{t.asking}</p>;
  else if (answer === 'allowed')
    outcome = (
      <p role="status" data-testid="microphone-outcome">
        {t.allowed}
      </p>
    );
  else if (answer === 'refused' || (answer === null && permission === 'denied'))
    outcome = (
      <>
        <p role="alert" data-testid="microphone-outcome">
          {answer === 'refused' ? t.refused : t.blocked}
        </p>
        <div class="row">{settings}</div>
      </>
    );
  else if (answer === 'missing')
    outcome = (
      <p role="alert" data-testid="microphone-outcome">
        {t.missing}
      </p>
    );
  else if (permission === 'granted')
    outcome = (
      <p role="status" data-testid="microphone-outcome">
        {t.alreadyAllowed}
      </p>
    );
  const canAsk =
    answer !== 'asking' && answer !== 'allowed' && answer !== 'refused' && permission !== 'denied';

  return (
    <main class="options">
      <h1>{t.pageTitle}</h1>
      <section class="card options-section">
        <p>{t.why}</p>
        <p class="muted">{t.how}</p>
        {canAsk && permission !== 'granted' && (
          <button type="button" class="primary" onClick={() => void ask()}>
            {t.allow}
          </button>
        )}
        {outcome}
      </section>
    </main>
  );
}
