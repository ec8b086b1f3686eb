/**
 * "Record here": the person keeps hearing the tab while it is recorded. Chrome's tab capture takes
 * the tab's sound away from the speakers; the recorder (lib/recording/recorder.ts, in the offscreen
 * document) plays it back. Seen through the DevTools protocol's WebAudio domain in the offscreen
 * document: a realtime audio context, running and rendering, in which the captured tab's stream
 * goes to the speakers (the context's destination) as well as to the recording.
 */
import { offscreenSession } from './offscreen-session';
import { launchedForRecording } from './record-launch';
import { openTonePage } from './record-support';
import { expect } from './ui-fixtures';

const test = launchedForRecording(true, async () => undefined);

interface AudioEvent {
  method?: string;
  id?: number;
  result?: { realtimeData?: { currentTime: number } };
  params?: {
    context?: { contextId: string; contextType: string; contextState: string };
    node?: { nodeId: string; nodeType: string; contextId: string };
    sourceId?: string;
    destinationId?: string;
    contextId?: string;
  };
}

test('the recorded tab stays audible: its captured sound is played to the speakers by a running audio context', async ({
  signedInPopup: popup,
  emulator,
  context,
  serviceWorker,
}) => {
  test.setTimeout(90_000);
  const tone = await openTonePage(context, emulator.url);
  await expect
    .poll(() => tone.evaluate(() => (window as unknown as { toneState(): string }).toneState()))
    .toBe('running');
  // The offscreen document opened before the recording, so that its audio graph is watched from
  // its first node; the background uses the open one (lib/background/offscreen.ts).
  await serviceWorker.evaluate(() =>
    chrome.offscreen.createDocument({
      url: 'offscreen.html',
      reasons: [chrome.offscreen.Reason.WORKERS, chrome.offscreen.Reason.USER_MEDIA],
      justification: 'test: watch the recorder',
    }),
  );
  const cdp = await context.newCDPSession(tone);
  const offscreen = await offscreenSession<AudioEvent>(cdp);
  await offscreen.send('WebAudio.enable');

  const recorder = popup.page.getByTestId('recorder');
  await recorder.getByRole('checkbox', { name: 'Also record my microphone' }).uncheck();
  await recorder.getByRole('button', { name: 'Record this tab' }).click();
  await expect(recorder.getByTestId('recording-elapsed')).toBeVisible({ timeout: 15_000 });

  const nodes = () => offscreen.events.filter((event) => event.method === 'WebAudio.audioNodeCreated');
  const nodeOfType = (type: string) =>
    nodes().find((event) => event.params?.node?.nodeType === type)?.params?.node;
  await expect
    .poll(() => Boolean(nodeOfType('MediaStreamAudioSource') && nodeOfType('AudioDestination')))
    .toBe(true);
  const source = nodeOfType('MediaStreamAudioSource')!;
  const speakers = nodes().find(
    (event) =>
      event.params?.node?.nodeType === 'AudioDestination' && event.params.node.contextId === source.contextId,
  )?.params?.node;
  expect(speakers, 'the speakers of the context the tab is in').toBeDefined();
  await expect
    .poll(() =>
      offscreen.events.some(
        (event) =>
          event.method === 'WebAudio.nodesConnected' &&
          event.params?.sourceId === source.nodeId &&
          event.params?.destinationId === speakers!.nodeId,
      ),
    )
    .toBe(true);
  // The context is a realtime one, running, and its clock moves: it renders to the output device.
  const created = offscreen.events.find(
    (event) =>
      event.method === 'WebAudio.contextCreated' && event.params?.context?.contextId === source.contextId,
  )?.params?.context;
  expect(created).toMatchObject({ contextType: 'realtime' });
  const clock = async () =>
    (await offscreen.send('WebAudio.getRealtimeData', { contextId: source.contextId })).result!.realtimeData!
      .currentTime;
  const first = await clock();
  await tone.waitForTimeout(1_000);
  expect(await clock()).toBeGreaterThan(first + 0.5);
  const changed = offscreen.events.filter(
    (event) =>
      event.method === 'WebAudio.contextChanged' && event.params?.context?.contextId === source.contextId,
  );
  expect(changed.at(-1)?.params?.context?.contextState ?? created?.contextState).toBe('running');

  await recorder.getByRole('button', { name: 'Stop and upload' }).click();
  await expect(recorder.getByTestId('recording-elapsed')).toBeHidden({ timeout: 30_000 });
});
