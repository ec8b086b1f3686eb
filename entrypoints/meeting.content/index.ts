// Meeting pages: Google Meet, the Zoom web client and join pages, Yandex Telemost.
// Each page family is a registry of features (one feature per file, components/page/). The
// meeting control also follows the call's state while this tab is recorded (call-state.ts).
import { defineContentScript } from 'wxt/utils/define-content-script';
import { sendBotButton } from '@/components/page/send-bot-button';
import { runFeatures } from '@/lib/page/feature';
import { MEETING_MATCHES } from '@/lib/page/match-patterns';

export default defineContentScript({
  matches: [...MEETING_MATCHES],
  runAt: 'document_idle',
  // Some hosts' own message listeners choke on unknown window messages; WXT's custom event suffices.
  noScriptStartedPostMessage: true,
  main(ctx) {
    runFeatures(ctx, [sendBotButton]);
  },
});
