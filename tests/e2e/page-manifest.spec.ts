import { CALENDAR_MATCHES, MEETING_MATCHES, VIDEO_MATCHES } from '../../lib/page/match-patterns';
import { expect, test } from './fixtures';

test('the built manifest loads each content script on its own hosts only, never on every site', async ({
  serviceWorker,
}) => {
  const manifest = await serviceWorker.evaluate(() => chrome.runtime.getManifest());
  const scripts = (manifest.content_scripts ?? []).map((script) => ({
    js: script.js,
    matches: [...(script.matches ?? [])].sort(),
    allFrames: script.all_frames ?? false,
  }));
  expect(scripts).toEqual(
    expect.arrayContaining([
      // The speaking timeline's script runs on the meeting pages beside the control's (one entry).
      {
        js: ['content-scripts/meeting.js', 'content-scripts/timeline.js'],
        matches: [...MEETING_MATCHES].sort(),
        allFrames: false,
      },
      { js: ['content-scripts/calendar.js'], matches: [...CALENDAR_MATCHES].sort(), allFrames: false },
      { js: ['content-scripts/video.js'], matches: [...VIDEO_MATCHES].sort(), allFrames: false },
    ]),
  );
  const every = scripts.flatMap((script) => script.matches);
  for (const broad of ['<all_urls>', '*://*/*', 'https://*/*', 'http://*/*'])
    expect(every).not.toContain(broad);
});
