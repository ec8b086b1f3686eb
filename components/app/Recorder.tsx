/**
 * "Record here" in the popup and the side panel: "Record this tab" for the tab in front, the
 * elapsed time and Stop while recording, what became of the microphone, and an unfinished
 * recording offered for upload or discarding. The microphone is asked for on the microphone page
 * (components/Microphone.tsx), opened from here while Chrome has not asked yet. The background
 * does the work (lib/background/recording/); this view shows its stored state.
 */
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { formatClock, formatDuration } from '@/lib/format/time';
import { type ErrorInfo, sendMessage } from '@/lib/messaging';
import { needsMicrophonePage } from '@/lib/recording/microphone';
import type { RecordingView } from '@/lib/recording/view';
import { describeError } from '../failures';
import { lang } from '../lang';
import { openMicrophonePage, useMicrophonePermission } from '../Microphone';
import { microphoneText } from '../microphone-texts';
import { recorderText } from '../recorder-texts';
import { KeptRecordings, SpaceSelect } from './KeptRecordings';
import { requestMissingOrigins } from './permission';
import { currentSpace, recordInstead } from './store';

const POLL_MS = 1_000;

/** Why a start or an upload was refused: the one wording of the refusals (lib/failures). */
function refusalText(error: ErrorInfo): string {
  const refused = (reason: 'signed-out' | 'capture-refused') =>
    describeError({ kind: 'recording', reason }, lang.value);
  if (error.kind === 'recording') return describeError(error, lang.value);
  if (error.kind === 'auth') return refused('signed-out');
  if (error.kind === 'permission-denied') return recorderText.value.siteRefused(error.origin);
  return 'message' in error && typeof error.message === 'string' ? error.message : refused('capture-refused');
}

export function Recorder() {
  const t = recorderText.value;
  const [view, setView] = useState<RecordingView | null>(null);
  /** The last refusal, worded at each render (the failure sentences may arrive after it). */
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const [microphone, setMicrophone] = useState(true);
  /** The consent notice, shown once: with the answer to the very first start. */
  const [consent, setConsent] = useState(false);
  const permission = useMicrophonePermission();
  const m = microphoneText.value;
  const [, tick] = useState(0);
  /** The background's clock minus ours, so the elapsed time counts on between answers. */
  const [skew, setSkew] = useState(0);
  /** The space a file kept for its balance goes to (null: its own). */
  const [target, setTarget] = useState<number | null>(null);

  /**
   * The sites an upload needs and the extension may not reach yet (the service's storage): asked
   * for inside the click that uploads (Stop, "Upload what was recorded"), known before it.
   */
  const [missing, setMissing] = useState<string[]>([]);

  const refresh = async () => {
    const answer = await sendMessage('recording.status', {});
    if (answer.ok) {
      setView(answer.data);
      setSkew(answer.data.now - Date.now());
    }
  };

  const phase = view?.state?.phase;
  const live = phase === 'starting' || phase === 'recording' || phase === 'stopping' || phase === 'uploading';
  useEffect(() => {
    void refresh();
  }, []);
  // Read again as the recording moves on: a refused upload names the site it was refused.
  useEffect(() => {
    void sendMessage('service.origins', {}).then((answer) => {
      if (answer.ok) setMissing(answer.data.missing);
    });
  }, [phase]);
  useEffect(() => {
    if (!live) return undefined;
    const timer = setInterval(() => {
      tick((value) => value + 1);
      void refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [live]);

  const act = async (
    run: () => Promise<{ ok: true; data: RecordingView | unknown } | { ok: false; error: ErrorInfo }>,
  ) => {
    setBusy(true);
    setError(null);
    const answer = await run();
    if (!answer.ok) setError(answer.error);
    else if ((answer.data as RecordingView | null)?.consent) setConsent(true);
    await refresh();
    setBusy(false);
  };

  /**
   * A click that ends in an upload: the sites it needs are asked for first, inside the click (a
   * permission prompt needs the person's gesture). Refused, an upload is not started (`stop` stops
   * anyway: the recording is kept and offered).
   */
  const uploading = (run: Parameters<typeof act>[0], stop = false) => {
    const asked = missing;
    const access = requestMissingOrigins(asked);
    void act(async () => {
      if (!(await access) && !stop)
        return { ok: false, error: { kind: 'permission-denied', origin: asked.join(', ') } };
      return run();
    });
  };

  const start = () =>
    act(async () => {
      const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
      if (tab?.id === undefined) return { ok: false, error: { kind: 'recording', reason: 'tab-gone' } };
      // Into the space the page shows (its time left is shown above), not the default one.
      return sendMessage('recording.start', { tabId: tab.id, microphone, spaceId: currentSpace.value?.id });
    });

  // "Record here instead" on a failed bot's row: the tab in front, checked to be that meeting's.
  const instead = recordInstead.value;
  useEffect(() => {
    if (!instead) return;
    recordInstead.value = null;
    void act(async () => {
      const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
      if (tab?.id === undefined) return { ok: false, error: { kind: 'recording', reason: 'tab-gone' } };
      return sendMessage('recording.start', {
        tabId: tab.id,
        microphone,
        spaceId: instead.spaceId,
        meetingLink: instead.link,
      });
    });
  }, [instead]);

  if (!view) return null;
  const state = view.state;
  const minutes = (count: number) => formatDuration(count * 60, lang.value);
  const space = currentSpace.value;
  const left = space?.subscribe?.available_usage_count;

  let body: JSX.Element;
  if (!view.supported) body = <p class="small-text muted">{t.unsupported}</p>;
  else if (view.offer) {
    // Longer than its space's time left: uploaded to the space picked here (its own after a top-up).
    const kept = state?.failure?.kind === 'over-balance' ? state.failure : null;
    const to = target ?? state?.spaceId ?? currentSpace.value?.id;
    body = (
      <>
        {/* Why it stopped (the storage full, …): what was recorded is kept and offered. */}
        {phase === 'failed' && state?.failure && <p role="alert">{t.failed(state.failure.kind)}</p>}
        <p>{t.unfinished(view.offer.title)}</p>
        {kept && <SpaceSelect testId="recorder-space" value={to} onChange={setTarget} />}
        <div class="row wrap">
          <button
            type="button"
            class="primary"
            disabled={busy}
            onClick={() =>
              uploading(() =>
                sendMessage('recording.recover', {
                  action: 'upload',
                  ...(kept && typeof to === 'number' && { spaceId: to }),
                }),
              )
            }
          >
            {t.uploadRecorded(formatDuration(Math.round(view.offer.recordedMs / 1000), lang.value))}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void act(() => sendMessage('recording.recover', { action: 'discard' }))}
          >
            {t.discard}
          </button>
        </div>
      </>
    );
  } else if (state && (phase === 'starting' || phase === 'recording')) {
    const elapsed = Date.now() + skew - state.startedAt;
    const mic =
      state.microphone === 'recorded'
        ? t.micRecorded
        : state.microphone === 'refused'
          ? m.micRefused
          : state.microphone === 'unasked'
            ? m.micNotAllowedYet
            : state.microphone === 'lost'
              ? t.micLost
              : state.microphone === 'missing'
                ? t.micMissing
                : t.micOff;
    body = (
      <>
        <p class="row">
          <strong>{phase === 'starting' ? t.starting : t.recording}</strong>
          <span class="spacer" />
          <span role="timer" aria-label={t.elapsed} data-testid="recording-elapsed">
            {formatClock(elapsed / 1000)}
          </span>
        </p>
        {phase === 'recording' && (
          <p class="small-text muted" data-testid="recording-microphone">
            {mic}
          </p>
        )}
        {/* "Still recording?" of a long silence: Keep recording holds it through this silence. */}
        {phase === 'recording' && state.silenceAsk && !state.silenceKept && (
          <div role="alert" class="alert warn" data-testid="recording-silence">
            <p>
              <strong>{t.silenceTitle}</strong>{' '}
              {t.silenceAsk(minutes(state.silenceAsk.heard), minutes(state.silenceAsk.stops))}
            </p>
            <button
              type="button"
              class="small"
              disabled={busy}
              onClick={() => void act(() => sendMessage('recording.keep', {}))}
            >
              {t.keep}
            </button>
          </div>
        )}
        {phase === 'recording' && state.silenceKept && (
          <p class="small-text" data-testid="recording-silence-kept">
            {t.kept}
          </p>
        )}
        <button
          type="button"
          class="primary"
          disabled={busy}
          onClick={() => uploading(() => sendMessage('recording.stop', {}), true)}
        >
          {t.stop}
        </button>
      </>
    );
  } else {
    body = (
      <>
        {phase === 'stopping' && <p role="status">{t.stopping}</p>}
        {phase === 'uploading' && <p role="status">{t.uploading}</p>}
        {phase === 'failed' && state?.failure && <p role="alert">{t.failed(state.failure.kind)}</p>}
        {/* A stop nobody pressed (the meeting ended, long silence) says so. */}
        {phase !== 'failed' && (state?.stopReason === 'meeting-ended' || state?.stopReason === 'silence') && (
          <p class="small-text" data-testid="recording-stopped-itself">
            {t.stoppedItself(state.stopReason, state.silenceAsk && minutes(state.silenceAsk.stops))}
          </p>
        )}
        {phase !== 'stopping' && phase !== 'uploading' && (
          <>
            <p class="small-text muted">{t.intro}</p>
            {space && typeof left === 'number' && (
              <p class="small-text" data-testid="recorder-time-left">
                {t.timeLeft(space.name, formatDuration(left, lang.value))}
              </p>
            )}
            <label class="row small-text">
              <input
                type="checkbox"
                checked={microphone}
                onChange={(event) => {
                  const wanted = event.currentTarget.checked;
                  setMicrophone(wanted);
                  if (needsMicrophonePage(wanted, permission)) openMicrophonePage();
                }}
              />
              {t.withMicrophone}
            </label>
            {microphone && (permission === 'prompt' || permission === 'denied') && (
              <p class="row wrap small-text" data-testid="recorder-microphone-permission">
                <span>{permission === 'prompt' ? m.notAskedYet : m.blockedShort}</span>
                <button type="button" onClick={openMicrophonePage}>
                  {permission === 'prompt' ? m.askNow : m.howToAllow}
                </button>
              </p>
            )}
            <button type="button" class="primary" disabled={busy} onClick={() => void start()}>
              {t.recordTab}
            </button>
          </>
        )}
      </>
    );
  }
  return (
    <section class="card recorder" aria-labelledby="recorder-title" data-testid="recorder">
      <h2 id="recorder-title" class="label">
        {t.title}
      </h2>
      {consent && (
        <div role="note" class="alert" data-testid="recording-consent">
          <p>{t.consent}</p>
          <button type="button" class="small" onClick={() => setConsent(false)}>
            {t.consentOk}
          </button>
        </div>
      )}
      {body}
      {view.supported && (
        <KeptRecordings
          kept={view.kept ?? []}
          busy={busy}
          onAction={(action, id, spaceId) => {
            const recover = () =>
              sendMessage('recording.recover', { action, id, ...(spaceId !== undefined && { spaceId }) });
            if (action === 'upload') uploading(recover);
            else void act(recover);
          }}
        />
      )}
      {error && (
        <p role="alert" class="small-text" data-testid="recorder-error">
          {refusalText(error)}
        </p>
      )}
    </section>
  );
}

/**
 * Above the sign-in form, while nobody is signed in: a recording that goes on (the service ended
 * the session mid-recording), or recordings that wait for their account (`waitsFor`), with Stop for
 * the one that records. Its file waits for that account's next sign-in and is uploaded then.
 */
export function RecordingWaits() {
  const t = recorderText.value;
  const [view, setView] = useState<RecordingView | null>(null);
  const [, tick] = useState(0);
  const [busy, setBusy] = useState(false);
  const refresh = async () => {
    const answer = await sendMessage('recording.status', {});
    if (answer.ok) setView(answer.data);
  };
  useEffect(() => {
    void refresh();
    const timer = setInterval(() => {
      tick((value) => value + 1);
      void refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, []);
  if (view?.waitsFor === undefined) return null;
  const state = view.state;
  const phase = state?.phase;
  const capturing = state && (phase === 'starting' || phase === 'recording');
  const held = state && (phase === 'stopping' || phase === 'uploading' || view.offer);
  const count = (held ? 1 : 0) + view.kept.length;
  if (!capturing && count === 0) return null;
  return (
    <div class="alert warn" role="status" data-testid="recording-waits">
      <p>
        {capturing
          ? t.waitsRecording(formatClock((view.now - state.startedAt) / 1000), view.waitsFor)
          : t.waitsKept(count, view.waitsFor)}
      </p>
      {capturing && (
        <div class="row">
          <button
            type="button"
            class="small"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void sendMessage('recording.stop', {})
                .then(refresh)
                .finally(() => setBusy(false));
            }}
          >
            {t.stopRecording}
          </button>
        </div>
      )}
    </div>
  );
}
