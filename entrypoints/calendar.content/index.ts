// Calendars: Google Calendar, Yandex Calendar, Outlook on the web.
import { CALENDAR_FEATURES } from '@/lib/page/families';
import { runFeatures } from '@/lib/page/feature';
import { CALENDAR_MATCHES } from '@/lib/page/match-patterns';

export default defineContentScript({
  matches: [...CALENDAR_MATCHES],
  runAt: 'document_idle',
  // Some hosts' own message listeners choke on unknown window messages; WXT's custom event suffices.
  noScriptStartedPostMessage: true,
  main(ctx) {
    runFeatures(ctx, CALENDAR_FEATURES);
  },
});
