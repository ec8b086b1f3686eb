/**
 * Bundle-size budgets of the Chrome build, checked after `wxt build` (part of `npm run test:e2e`).
 * Sizes are deterministic, so a budget that is exceeded fails the build. For each page: its HTML and
 * every file it loads (entry script, module preloads, stylesheets); for the background: background.js
 * and the chunks it imports; for each content script: its one file, and its stylesheet. Sizes come from
 * scripts/bundle.ts (gzip level 9), as the UI measurement does.
 *
 * Usage: npx tsx scripts/check-size.ts [outDir]   (default .output/chrome-mv3)
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileSize, moduleGraph, pageAssets, zipSize } from './bundle';

/**
 * The store package (`npm run zip`): every file of the build as the zip stores it (deflate level 9,
 * as WXT zips, plus the zip's own headers), in kB. Target 150. It holds no source maps, fonts or
 * screenshots: it is code (docs/performance.md). 250.1 kB with deliveries (which set 241)
 * and ical.js moved out of background.js into a Worker file of its own (+27.5 kB there, −24.5 kB
 * in the worker script, plus the lazy chunks' own headers: +7 kB in all); 4 kB of headroom.
 */
// 254 → 264 with the meeting search (issue 10): its worker (MiniSearch and the stemmers, 12.4 kB
// gzip) and the lazily loaded search, "Add all past meetings" and archive views.
// 277 → 286 with everything merged: the one failure describer's texts in the pages and the
// background, the tab rule's countdown, the hostile-content guards (plain labels) and storage items.
// 286 → 283: the options' charges log without zod. 283 → 268: marked ships once (the offscreen
// document shares the viewer's chunk) instead of in background.js too (265.3 kB). 268 → 265: the
// three content scripts share one stylesheet (3 kB less). 265 → 270: the message part of the worker
// is a file of its own (lib/background/parts.ts, since removed): two files compress less well than
// one, and the
// worker lends its modules to the part by name (+6.1 kB in all, 268.6 kB). The Russian texts' part:
// 267.7 kB; the deliveries' part: 269.3 kB (+1.6: a file of its own compresses less well); the
// calendars and the tab rule as a part: +1.8 kB (their 16 kB compress apart from the worker's).
// 270 → 272: the four parts together, 270.9 kB (background.js 72.3 → 55.6 kB gzip this round).
// 272 → 273: a search answer that is never stale (lib/search/standing-question.ts, the worker's
// index version): 271.3 → 272.0 kB in the release build, 272.1 kB in the test build.
// 273 → 274: a lost by-URL or video-page answer is followed to its recording (lib/charges/
// lost-answer.ts, its step, its failure sentence in both languages): 271.3 → 272.3 kB.
// 274 → 275: the background's refusals worded in English and Russian (lib/failures), +0.8 kB.
// 272 → 265: the parts folded back into background.js (the worker's goal is its wake time, not its
// bytes): one file compresses better than five, and no module names are lent, 271.3 → 261.9 kB.
// 265 → 268: the three above on top of the fold (+2.5 kB).
// On a build with the parts (before the fold): 272 → 274.5: the calendars' dispatch rules (opt-ins
// per calendar, the owner's address, the
// bots-per-day cap, their options texts in English and Russian) and the tab rule's look check:
// 271.4 → 273.7 kB. 274.5 → 276: with the bounded feed parse merged beside them (caps, the parse
// time limit, the new feed errors' texts): 275.1 kB.
// 268 → 272: those calendar rules and the bounded parse on top of the fold and the rest (+3.7 kB).
// 272 → 380 with "Record here": mediabunny (95.3 kB gzip, a chunk of its own that the offscreen
// document loads only when a recording ends, to state the file's duration) and the recorder
// (+105 kB on its own branch).
// 380 → 383: the popup's first script (a file of its own, 1.4 kB), the list state, Record here's
// page controls and their texts, the deliveries' attempt log: 381.3 kB measured.
// 383 → 387: the microphone page (its HTML, entry and texts in English and Russian) on top:
// 385.2 kB measured.
// 387 → 824 with the meeting search on SQLite (docs/search.md): sqlite3.wasm (831 kB raw, 386 kB
// gzip) and its JavaScript in the search worker (+50 kB gzip), in place of MiniSearch: 811.5 kB on
// its own branch, 822.2 kB merged. The cost of an index that stays small in memory and on disk at
// any archive size;
// neither file is loaded by background.js, a content script or a page's first render.
// 824 → 825: open pages following the session (lib/session-follow, the jobs' owner), the search's
// bounded ranking and the retried removal of its files on sign-out: 824.2 kB measured.
// 825 → 826: "Record here" keeps a recording longer than its space's time left and uploads it to
// the space chosen (its texts in both languages, the offer's picker): 825.3 kB measured.
// 826 → 829: the popup's stylesheets written into popup.html (scripts/popup-html.ts: its first
// frame waits for one file, not three), while the other pages keep them as files: 848,011 B measured.
// 829 → 832.5: the meeting-service registry and its four record-only services (Teams, Jitsi Meet,
// SaluteJazz, Kontur.Talk) in background.js and meeting.js, the derived lists in calendar.js:
// 851,863 B measured in the test build (848,204 before).
// 832.5 → 833.5: the search index's one owner across pages and its recovery, deleted meetings leaving
// the archive: 829.7 kB measured.
// 829 → 834: the calendar engine reads each event on its own and zones as calendars mean them (the
// CLDR Windows-zones table, feed-split.ts, feed-zones.ts in feed-worker.js), and the background
// reads a feed right before a send and holds the bots of a feed that answers no calendar: 833.5 kB.
// 829 → 834: the offscreen tasks' table, the delivery kinds' registry and Telegram delivery (its
// kind, its HTML dialect in the offscreen document's chunk, the options' bot form): 833.7 kB measured.
// 829 → 832: one adapter per calendar in the calendar script, the breakage kept by the background and
// the options' diagnostics (a lazily loaded view, en and ru): 831.2 kB measured.
// (Each of the five lines above was measured on its own change; together: 847.8 kB measured.)
// 829 → 831: the same round of Record here (the kept recordings' list in the popup, the capture's
// breaks told, the sign-out confirmation): 850,779 B measured.
// 831 → 832: long silence (the recording page's level meter, the background's notices): 851,570 B measured.
// All of the above together: 851.0 kB measured.
// 851.5 → 853: the recording ends with the meeting (the meeting script's call-state readers for Meet,
// Zoom and Telemost and its look every second; the background's rule and notice): 851.1 → 852.9 kB.
// 851.5 → 853: Record here's kept recordings tied to their account (the sign-in's question), the
// storage's site asked for in the click that uploads, the page control told how a recording broke,
// and the slept-through time taken out of the file (and said): 852.5 kB measured (850.7 before).
// Both together (each measured on its own above): 855.1 kB measured.
// 851.5 → 871: names from the meeting page (issue 39): the meeting pages' sampling script
// (speakers.js, 24.6 kB raw: the registry's parsers, the Meet reader, the timeline builder), the
// background's timelines kept beside their recordings and the names given without asking, the
// viewer's and the popup's offer (a chunk loaded with a ready result), the option and the meeting
// readers in the diagnostics: 870.6 kB measured. 871 → 872.5: the meetings our bot records sampled
// too (the offset search in the background): 872.1 kB measured.
// All three above together, with the Zoom and Telemost speaker readers in speakers.js (8.9 →
// 10.1 kB gzip): 877.4 kB measured.
// 878 → 879.5: the calendar event's attendees read by name (the parse worker), kept beside bot jobs
// and recordings (the background) and offered under the viewer's rename: 900,250 B (879.2 kB) measured.
// 879.5 → 896.5: the calendar engine's rules that ical.js expands wrongly go to the rrule package
// (BYWEEKNO, 20MO, BYSETPOS…: 14 kB gzip) and Windows zone display names map through CLDR's table
// (lib/calendar/cldr/windows-zones.json): feed-worker.js 32.7 → 50.4 kB gzip, loaded only by the
// Worker that reads a changed calendar (never by background.js, a page or a content script);
// 896.2 kB measured.
// 896.5 → 896.7: "Record here" as a folder of concerns (background.js below, +0.4 kB): 918,139 B
// (896.6 kB) measured.
// 896.7 → 897.5: the background's modules in another order (one name per concept, background.js
// below): 918,920 B (897.4 kB) measured. 897.5 → 897.7: the deliveries and calendars split
// (background.js below): 919,050 B measured. 897.7 → 898.1: the routes of one meeting and the
// wait for a loading tab's page (background.js below): 919,507 B measured. 898.1 → 899.8: the long
// silence's Keep recording, its option and the call's state (background.js, options.html below, the
// popup's recorder view, the meeting script): 921,300 B measured.
// 899.8 → 904.8 (902.4 on its own, on top of 897.7): the page timelines kept as long as their
// recordings, their daily 90-day alarm and
// merge, the sleeps closed in a recording's file, a voice named from one short turn, the protocol
// lexed within bounds (lib/render/lex.ts), the search index's files kept and rebuilt on disk, the
// destinations of accounts (each below): 918,872 → 923,959 B measured on their own; both
// together 904.6 kB measured.
// 904.8 → 942: "Ask your meetings": the code that answers a question (lib/grounding: the linker,
// marked's lexer for the protocol's lines, lvovich for names in any case, number words) is a chunk
// of the search worker loaded with the first question (assets/archive-ask-*.js, 32.2 kB gzip),
// and the worker's question routing and message checks (+0.5 kB): 941.8 kB measured (the same build
// without them: 905.3 kB).
// 942 → 988.5: the protocol lines' suggested sources. The linker (marked, the English and Russian
// stemmers, lvovich for names in any case: sources-worker.js, 36.0 kB gzip) runs in a Worker file of
// its own, started only when a result's sources are first linked (never loaded by background.js, a
// page or a content script), plus the lazily loaded controls of the viewer and the popup and their
// stylesheet: 1,011,998 B (988.3 kB) measured.
// 942 → 990: open items: a kept protocol's action items and the moments they were said read in
// the offscreen document (lib/items with the declension library, lib/grounding's linker), the
// view's own chunk loaded when opened (9.8 kB gzip with its texts in both languages), the
// background's store of items and states: +48.9 kB measured on the main it was written on
// (919,097 → 968,028 B), added to today's figure.
// 990 → 993.2: the tasks delivery (Yandex Tracker) in the background and its form in the options
// page: +3.2 kB measured (968,028 → 971,211 B on the main it was written on).
// Both on today's main together: 1,016,085 B (992.3 kB) measured.
// 993.2 → 996.2: the two together on today's main (open items and the tasks delivery with the
// protocol lines' suggested sources, the linker's own Worker among them): 1,020,078 B measured.
// 996.2 → 997.9: everything above together (today's main with open items, the tasks delivery and
// the calendar's hold): 997.7 kB measured.
// 997.9 → 982: a protocol's action items read in the linker's Worker (sources-worker.js, 36.3 →
// 48.6 kB gzip), which carries the same linker, marked and lvovich, instead of a chunk of the
// offscreen document carrying its own copy of them (31 kB gzip); the offscreen document's tasks
// in chunks of their own, loaded when first asked (+2.4 kB): 981.7 kB measured.
// 982 → 982.5: why a protocol's linking failed, said in English and Russian (the failure texts of
// the pages and the background): 982.3 kB measured (test build).
export const ZIP_BUDGET_KB = 982.5;

/**
 * Budgets in kB of gzip: what the weight work reached, plus a small margin. Raise one only with a
 * reason in the commit that does.
 */
export const BUDGETS_KB: Record<string, number> = {
  // Target 30 for the popup and side panel: 29.1 / 29.3 reached (failure sentences, sign-in form and
  // processing dialog load when needed; one shared chunk). Preact and signals, the English catalog
  // and WXT storage are most of what is left (docs/performance.md).
  // +0.3 with "Record here": the lazy loader of its view (the view and its texts load after paint).
  // 30 → 30.4 / 30.1 → 30.5: this round together (the cached list read before the first frame, the
  // default-space rule, "no answer" worded in both languages, the never-stale search rule, the
  // list hook): 30.1 / 30.2 kB measured.
  // 30.4 → 32.5: the popup's first script (popup-snapshot.js, 1.4 kB: reads and paints the last
  // list shown before the rest loads) and its taking over and keeping of the snapshot (0.6 kB):
  // 32.3 kB measured. The bytes before the list's first frame went down: 1.4 kB instead of 30.
  // +0.2 to +0.3 on each page with this round's shared pieces merged together: the list state
  // (components/list-state.ts) and the one lazy catalog loader, Record here's controls and
  // consent texts, the popup snapshot's wipe at sign-in, sign-out and settings' save: popup
  // 32.5, side panel 30.6, viewer 39.2, options 27.0 kB measured.
  // 32.8 → 32.9: every time of day through lib/format/time.ts (formatTimeOfDay, was written in
  // the viewer, the deliveries log and a module of its own for Upcoming): the module sits in the
  // pages' shared chunk, so the function comes with it: 33615 B measured, 28 B over.
  // 32.9 → 33.1: each page's HTML now counts (it is the first file a page loads, and the popup's
  // holds its stylesheets: scripts/popup-html.ts): 33,789 B measured, of which popup.html 3,370 B;
  // the same files counted as before (HTML apart, the stylesheets as files) came to 34,201 B. With
  // the app started after the snapshot's frame (startAfterFrame, +78 B in popup-snapshot.js) and
  // the page's own comment shortened (it ships): 33,841 B, popup.html 3,344 B.
  // 33.1 → 33.4: Sign out asks first when recordings are kept (its confirmation and texts in the
  // shared app code, both languages): 34,144 B measured.
  // 33.4 → 33.5: another account's sign-in asked before kept recordings go (its confirmation and
  // texts in the shared catalog), the storage sites asked for at sign-in: 34,228 B (34,159 before).
  // 33.5 → 33.9: Record here through a session's end and another account (the note above the
  // sign-in form naming the account a recording waits for, with Stop recording; the job row that
  // asks for the storage's site; the options' question before a new service address deletes the
  // kept recordings; their texts in both languages in the shared catalog): 34,689 B (34,164 before).
  // 33.9 → 34.0: the same with Keep recording's question and the stop after silence's words as
  // well: 34,734 B measured.
  // 34.0 → 34.1: Record here's accounts, the long silence, the page timelines kept with their
  // recordings and the protocol lines' suggested sources, all together: 34,828 B measured (test build).
  // 33.5 → 33.8: "Open items" in the header (its button, the lazy loader of its view, its name in
  // both catalogs); the view, its texts and its data code load only when it is opened:
  // 34,252 → 34,522 B measured.
  // 34.1 → 34.3: open items (its button and loader, the protocol line an item links to, the items'
  // store and messages) and the tasks delivery (Yandex Tracker) merged with the protocol lines'
  // suggested sources and Record here's accounts (test build): 35,091 B measured.
  'popup.html': 34.3,
  // 30.8 → 30.9: the recorder's elapsed clock from lib/format (formats in one home, not a copy in
  // lib/recording) left the side panel 8 bytes over its budget: 31,547 bytes measured (+17).
  // 30.9 → 31.0: the same time of day in the shared chunk: 31670 B measured, 28 B over.
  // 31.0 → 31.4: its HTML counted (449 B): 32,118 B measured.
  // 31.4 → 31.7: the same sign-out confirmation in the shared app code: 32,420 B measured.
  // 31.7 → 31.8: the same sign-in confirmation in the shared app code: 32,504 B (32,433 before).
  // 31.8 → 31.9: the lazy loader of the protocol lines' suggested sources in the shared recording
  // view: 32,569 B measured (6 B over).
  // 31.8 → 32.3: the same shared app code and catalog (the session-ended note, the storage site's
  // job row, the service address's question): 32,973 B measured (32,449 before).
  // 32.3 → 32.4: Record here's accounts, the long silence, the page timelines kept with their
  // recordings and the protocol lines' suggested sources, all together: 33,102 B measured (test build).
  // 31.8 → 32.1: the same "Open items" button and loader in the shared app code: 32,529 → 32,797 B measured.
  // 32.4 → 32.6: open items (its button and loader, the protocol line an item links to, the items'
  // store and messages) and the tasks delivery (Yandex Tracker) merged with the protocol lines'
  // suggested sources and Record here's accounts (test build): 33,365 B measured.
  'sidepanel.html': 32.6,
  // +2 with the meeting search (issue 10): speaker renames and the lazy search loader.
  // 38.7 → 39.1: the same round's shared pieces (failure wording, list hook, search rule): 38.8 kB.
  // 39.4 → 39.5: open pages follow the session (the watch of its signal in the shared app code
  // and in the recording view, which reads the recording again for the session now in place):
  // 40348 B measured, 2 B past 39.4.
  // 39.5 → 39.6: a failed read of the jobs said with a retry in the shared list code (it showed
  // nothing), and the spaces' order in one home (lib/spaces/order.ts): 40500 B measured, 52 B over.
  // The time of day in the shared chunk leaves it at 40527 B (28 B left).
  // 39.6 → 40.1: its HTML counted (451 B): 40,980 B measured.
  // 40.1 → 40.4: the same sign-out confirmation in the shared app code: 41,283 B measured.
  // 40.4 → 40.9: the names from the meeting page, offered over a ready result (its loader, and the
  // offer's chunk and stylesheet counted with the page): 41,779 B measured.
  // 40.9 → 41.1: a voice left unnamed is offered the meeting page's names under its rename (the
  // choices handed from the offer's chunk to the speakers tab, their group and its words in both
  // languages): 42,033 B measured (41,812 before).
  // 41.1 → 41.4: the calendar event's attendees offered under the rename too (the legend that says
  // where the names come from, the field's own list of a long one, their words in both languages):
  // 42,306 B measured.
  // 41.4 → 42.5: the protocol lines' suggested sources (the lazy loader of their controls, the
  // transcript's "cited by" slot under an utterance, the way from a source to its moment and back,
  // the Markdown export's section of sources, the target utterance's lighter background): 43,431 B
  // measured; the controls, the panels and their words load after the first render.
  // 41.4 → 41.8: the same shared app code and catalog (the session-ended note, the storage site's
  // job row, the service address's question): 42,742 B measured (42,217 before).
  // 41.8 → 41.9: the same shared app code and catalog with Keep recording and the stop after
  // silence's words as well: 42,808 B measured, 5 B over.
  // 41.9 → 43.0: Record here's accounts, the long silence, the page timelines kept with their
  // recordings and the protocol lines' suggested sources, all together: 43,963 B measured (test build).
  // 41.4 → 42.0: the protocol's line an open item links to (line= and row=, marked and focused
  // once the protocol is drawn) and the app's "Open items" loader: 42,307 → 42,980 B measured.
  // 42.0 → 42.1: the same on today's main (its answering chunk's loader beside it): 43,014 B measured.
  // 43.0 → 43.6: open items (its button and loader, the protocol line an item links to, the items'
  // store and messages) and the tasks delivery (Yandex Tracker) merged with the protocol lines'
  // suggested sources and Record here's accounts (test build), the viewer's "cited by" and its
  // line= marks side by side: 44,633 B measured.
  'viewer.html': 43.6,
  // 26.5 → 26.9: the calendars' opt-ins, owner address, bots-per-day cap and feed caps shown with
  // their values (English and Russian): 26.5 kB measured.
  // 27.2 → 27.7: its HTML counted (475 B): 28,279 B measured.
  // 27.7 → 27.8: the diagnostics' calendar pages that changed, the Telegram bot form and the
  // calendars' skipped-events and held lines, together a few bytes over 27.7 kB.
  // 27.8 → 27.9: the sign-in confirmation's texts in the shared catalog: 28,494 B (28,415 before).
  // 27.8 → 28.7: the option "apply confident names from the meeting page without asking" (its
  // texts in both languages), and the diagnostics naming the meeting service whose page changed
  // (the registry's names): 29,286 B measured.
  // 28.7 → 28.8: the loader of "Record here"'s option (the stop after silence, its section and its
  // words in both languages load after the first paint): 29,397 B measured.
  // 28.7 → 28.8: the destinations other accounts set up, said kept for them (the message and its
  // texts in both languages): 29,306 → 29,394 B measured.
  // 28.8 → 28.9: both of the above together, a few bytes over 28.8 kB.
  // 28.7 → 28.9 (beside the stop after silence's 28.8): a new service address asked before the
  // kept recordings are deleted (its confirmation and texts in both languages): 29,558 B measured
  // (29,305 before).
  // 28.9 → 29.0: the two together (the stop after silence's loader and the service address's
  // question): 29,678 B measured.
  // 29.0 → 29.1: Record here's accounts, the long silence, the page timelines kept with their
  // recordings and the protocol lines' suggested sources, all together: 29,761 B measured (test build).
  // 28.9 → 29.0: the shared catalog's "Open items" and the key-value store's one-read getMany
  // (+108 B measured: 29,349 → 29,457 B on the main it was written on).
  // 29.1 → 29.2: open items (its button and loader, the protocol line an item links to, the items'
  // store and messages) and the tasks delivery (Yandex Tracker) merged with the protocol lines'
  // suggested sources and Record here's accounts (test build), the Tracker form among the
  // destinations: 29,855 B measured.
  'options.html': 29.2,
  // The microphone page of "Record here" (Chrome only): asks for the microphone once, in a tab.
  // Preact, signals, the shared page chunk and the options' stylesheet are most of it: 25.4 kB.
  // 26 → 26.1: its HTML counted (466 B): 26,653 B measured.
  // 26.1 → 26.2: the sign-out confirmation's texts in the shared catalog: 26,728 B measured, 2 B over.
  // 26.2 → 26.3: the shared catalog and space choice grown by the kept recordings' account question
  // and the recorder's shared space select: a few bytes over 26.2 kB measured.
  // 26.3 → 26.4: the shared catalog grown by both the stop after silence's and the accounts'
  // words (Keep recording, the session-ended note, the storage site's row): 26,933 B measured, 2 B
  // over.
  // 26.3 → 26.4: the shared catalog's "Open items" words: 26,964 B measured.
  // 26.4 → 26.5: the shared catalog with both the open items' words and Record here's accounts'
  // (test build): 27,103 B measured.
  'microphone.html': 26.5,
  // Target 30: 63.4 reached (ical.js parses feeds in a Worker, outside the service worker), then
  // 84.1 with deliveries (marked, about 15, for the Slack text: the same Worker route could take it
  // out too). zod/mini, ky, the job engine and the API, page and notification texts of both
  // languages are the rest. About 3 kB of headroom for the work landing beside this.
  // +2 with the local archive (issue 10): its store, "Add all past meetings" and messages.
  // 87.6 → 72.2 kB: marked (Slack text) moved to the offscreen document. 72.2 → 68.4: what answers
  // messages, menus and the command is a part loaded by the first message of a start.
  // 68.4 → 63.2: the worker's Russian texts are a part loaded when a text in Russian is needed.
  // 63.2 → 59.6: the deliveries are a part loaded only when the outbox holds something or a
  // destination wants a ready protocol.
  // 59.6 → 55.6: the calendars and the tab rule are a part loaded when a start has something
  // stored for them (lib/calendar/store.ts).
  // 55.6 → 72.0: the four parts folded back into background.js (55.6 + 25.5 kB in five files
  // before): the target is now the worker's wake time (docs/performance.md), not its bytes.
  // ical.js and marked stay outside it (the offscreen document). 72.0 → 72.4: createBackground
  // split into services (lib/background/app.ts and its four), their wiring's names; half a kB of margin.
  // 73 → 78 with "Record here": its start, stop, recovery, the recording page's events, the
  // recorded tab's listeners, the pieces wiped at sign-out and its texts (+4.3 kB on its own branch).
  // 78 → 80.5: everything of this round on top (calendar dispatch rules and feed caps, the lost
  // answer's adoption, refusals in both languages, the countdown's space): 79.8 kB measured.
  // 80.5 → 81: "Record here" on the meeting pages' controls (its three page messages, their
  // sentences and the controls' texts in English and Russian): 80.6 kB measured. 81 → 81.5: "Record
  // here instead", the consent notice said once, and the pieces deleted when the upload job
  // confirms the upload: 81.0 kB measured; 81.2 with the "still uploading" refusal worded apart.
  // 81.5 → 82: with the deliveries' attempt recorded before it is made (its intent, the log's
  // resume) and the video's id in a lost answer's match beside them: 81.6 kB measured.
  // 82 → 82.1: a recording still starting is kept through a look before its page holds it (the
  // look's time passed to lib/recording/recovery.ts): 83,973 B measured, 5 B over.
  // 82.1 → 82.4: a recording longer than its space's time left kept and uploaded to the space
  // chosen (the fresh balance at the end, the notice in both languages): 84,248 B measured.
  // 82.4 → 82.9: "Record here" as a service of the wiring root and the Background grouped by
  // service: 84,282 → 84,797 B measured. The recording's own code compresses as before (+30 B in
  // place); the rest is the names of the explicit dependencies and groups (session, spaces, jobs,
  // archive, calendar; the recording's browser and its methods) and where the recording's modules
  // now land in the file. The handlers split by area costs nothing.
  // 82.9 → 84.4: the meeting-service registry (lib/meetings): the four record-only services'
  // parsers (Teams' launcher and light-meetings pages among them), names and patterns, for the
  // sender checks and the titles of recordings made on their pages: 84,282 → 85,761 B.
  // 84.4 → 85: a recording moved to the trash leaves the archive, and one the service no longer
  // lists leaves it at the next read of its space (the listing's span of dates): 84,326 B measured.
  // 82.4 → 82.8: a feed read again right before a planned send, the 2-hour hold of a feed that
  // answers no calendar, one bot per meeting whatever its link's form: 82.7 kB measured.
  // 82.4 → 85.4: 82.3 kB before; the offscreen document's tasks checked on one channel (each
  // task's payload and answer checks) 82.6; the delivery kinds' registry with a kind-neutral outbox
  // (several requests a delivery, multipart forms, answers read into refusals, old entries read)
  // 83.8; Telegram (its bodies, the 4096-character split, the Bot API's answers, its texts in both
  // languages) 85.3 kB measured.
  // 82.4 → 82.8: the calendar pages that changed kept for the diagnostics (page.breakage, its
  // bounded store) and four more calendar hosts in the one list: 84,685 B measured.
  // Together, the five changes above (the wiring, the registry, search safety, real feeds, delivery
  // kinds and Telegram) and the calendar pages' breakage kept: 88.4 kB measured.
  // 82.9 → 84: Record here keeps every recording (the kept list, retried uploads, the upload
  // resumed at the next start, a session the service ends keeping them, serialized starts) and
  // says how the capture broke (three notices, both languages): 84,797 → 85,935 B measured.
  // 84 → 84.6: long silence asked about, stopped after 15 minutes and cut at the end (its two
  // notices and the cut's in both languages): 86,503 B measured.
  // All of the above together: 90.3 kB measured.
  // 90.5 → 92: an event's start written only as text read for the calendar script (page.eventStart:
  // the date parser moved here from calendar.js).
  // 92 → 92.5: the recording ends with the meeting (the tab's address no longer showing it, the page
  // saying its call ended: page.callEnded, its notice in both languages) and the meeting pages'
  // breakage kept beside the calendars': 91.7 → 92.3 kB measured.
  // 92 → 92.4: kept recordings tied to their account, the sites an upload was refused named for the
  // next click, how a recording broke told to its page control (en, ru): 94,410 B (93,867 before);
  // the slept-through time left out said in a notification (en, ru): 94,573 B.
  // Both together (each measured on its own above): 93.2 kB measured.
  // 92 → 95: names from the meeting page (issue 39): the timelines kept beside their recordings
  // (bounded, read back through parseTimeline), followed to the upload job and the recording, the
  // voting that gives confident names without asking, and page.speakers with its sender rules:
  // 96,870 B measured. 95 → 95.5: the timeline of a meeting our bot records, kept beside the bot's
  // job and aligned by the offset search (lib/page-names/align.ts) when names are given without
  // asking: 97,690 B measured.
  // All four changes above together (the meeting's end, Record here's account and storage sites,
  // names from the meeting page for Record here and bot meetings): 96.8 kB measured.
  // 97 → 97.5: the calendar event's attendees kept beside a bot job or a "Record here" recording
  // (the lookup of the meeting's occurrence, the store's bounded names, the wiring of every way a bot
  // is sent and of the recording's start): 99,652 B measured (97.3 kB).
  // 97.5 → 97.7: "Record here" as a folder of concerns (lib/background/recording/), each a set of
  // functions of one shared context: the context's property names and the service's bindings to it
  // stay in the minified file, 99,589 → 99,979 B measured (+390 B, no behaviour added).
  // 97.7 → 98.3: one name per concept (meeting detection moved from lib/links into lib/meetings,
  // the page names and timeline renamed) adds 77 B of code but changes the order the modules are
  // laid out in the file, which gzip reads back-references through: 100,001 → 100,623 B measured.
  // 98.3 → 98.5: the deliveries and the calendars split along their seams (the wire, the log, the
  // destinations, the requests; the upcoming list, the rule), their state passed to functions
  // instead of read from a class: 100,753 B measured. 98.5 → 98.2: the video sites' registry, the
  // recording refusals worded once and the scheduled bots' one sendBot: 100,335 B measured.
  // 98.2 → 98.6: the routes of one meeting, service by service (lib/meetings/routes.ts, which the
  // content scripts no longer carry), the recording's rule over them, and a recorded tab's new page
  // waited for while it loads: 100,879 B measured.
  // 98.6 → 99.5: the long silence's Keep recording (the notification's button, the popup's and
  // the page control's messages), the stop after silence the options set, the meeting page's word
  // that its call is on, and their notices in English and Russian: 101,827 B measured.
  // 98.2 → 99.8: a page timeline and its attendees kept as long as their recording (the kept
  // recordings read beside the current one, the owner stamped and checked), the daily alarm for
  // those past 90 days and two tabs' timelines merged, the sleeps closed in the recording's file
  // carried to the timeline, a voice named from one short turn with its evidence, and the
  // destinations of accounts: 100,366 → 102,171 B measured (test build).
  // 99.8 → 101.2: the two above together (the long silence's Keep recording and the page timelines
  // kept with their recordings): 103,561 B measured (release build), 103,690 B (test build, which
  // the e2e check measures).
  // 101.3 → 102.7: the protocol lines' suggested sources (recording.sources, their keeping beside a
  // result per revision and owner, the linker's Worker asked through the offscreen document, the
  // webhook's protocol_lines); the linker itself stays out of background.js: 105,111 B measured.
  // 98.2 → 99.3 (beside the two above): Record here through a real meeting's accounts: a session
  // the service ends keeps the capture going (its notice, the account each recording keeps), kept
  // recordings offered to their owner only, the service address's question, the silence cut
  // decided once every piece is in, the sweep of files no recording owns, and an upload waiting for
  // its storage's site (its notice, en and ru): 101,654 B measured (100,294 before).
  // 99.5 → 100.9: both together (the meeting's routes, Keep recording and the stop after silence,
  // with the accounts, the service address's question, the files' sweep and the storage site's
  // wait): 103,251 B measured.
  // 100.9 → 104.0: Record here's accounts, the long silence, the page timelines kept with their
  // recordings and the protocol lines' suggested sources, all together: 106,487 B measured (test build).
  // 104.0 → 104.3: one meeting under two starts gets one bot (the plan's overlap of one meeting id,
  // the bots already in a meeting looked up before a send, the tab rule's coverage of it) and a feed
  // that cannot be read for any reason holding its bots: 106,786 B measured (+299 B).
  // 101.3 → 106.1: open items: the store of every kept meeting's items, their states and the
  // user's names (bounded reading back), the series rule's keys, the reading that follows the
  // archive (the offscreen task's request and answer checks, the sources' bounds), its three
  // messages and the calendar event's UID kept beside the attendees: +4.7 kB measured
  // (100,335 → 105,026 B on the main it was written on), added to today's figure.
  // 106.1 → 107.8: the tasks delivery (Yandex Tracker: its issue and answers, the adoption of an
  // issue made before, the webhook's items and the reading of a delivered protocol's items):
  // +1.7 kB measured (105,026 → 106,707 B on the main it was written on).
  // Both on today's main together: 110,063 B (107.5 kB) measured.
  // 107.8 → 110.3: open items (its button and loader, the protocol line an item links to, the
  // items' store and messages) and the tasks delivery (Yandex Tracker) merged with the protocol
  // lines' suggested sources and Record here's accounts (test build): both offscreen tasks
  // (sources and items), one webhook body with
  // protocol_lines and items: 112,846 B measured.
  // 110.3 → 110.5: with one bot per meeting under two starts and the unreadable feed's hold as
  // well: 113,119 B measured (test build).
  // 110.5 → 110.6: the offscreen document kept open a little after a link (for the next, which
  // then finds the linker's Worker warm) and a result shown to a page linked at once: 113,167 B
  // measured (test build).
  // 110.6 → 110.9: why a protocol's linking failed, carried to the pages as a reason (late, busy,
  // no answer, failed) and worded in English and Russian there, instead of the linker's English
  // (test build, which the budgets are measured on).
  'background.js': 110.9,
  // The meeting search worker started by the side panel and the viewer (on the first use of the
  // field): the Russian and English Snowball stemmers, the index and the archive reader.
  // 13 → 64 with SQLite (docs/search.md): its JavaScript glue (the WebAssembly loader, the
  // object API and the OPFS pool) is 50 kB gzip; 62.5 kB measured.
  // 64 → 64.5: a search sends the meetings it found before their records are read (a page opened
  // cold shows them at once), with the test build's delay and step marks: 64.2 kB measured.
  // 64.5 → 65.5: one page's worker owns the index's files (the Web Lock, the others asking it on
  // a channel), and a damaged, foreign or older-format database dropped and rebuilt: 66,385 B measured.
  // 65.5 → 65.7: the pool installed with its folder's removal refused, and a worker answering from
  // memory taking the files once free (the damaged database rebuilt on disk): 66,814 → 67,186 B
  // measured (test build).
  // 65.7 → 66.3: questions answered (their routing, every page message checked and bounded, the
  // worker built as a module so the answering code is a chunk apart): 67,726 B measured (test build).
  'assets/search.worker-*.js': 66.3,
  // The code that answers questions ("Ask your meetings", lib/grounding with marked's lexer,
  // lvovich and the number words), loaded by the search worker with the first question only:
  // 32,924 B measured; 34,160 B with the protocol lexed within bounds (lib/render/lex.ts).
  // 33.6 → 33.8: the linker's candidates in typed arrays, the best picked rather than all sorted
  // (a cold link of a 2-hour meeting 10 % faster): 34,543 B measured.
  'assets/archive-ask-*.js': 33.8,
  // SQLite itself, compiled to WebAssembly (FTS5 included), loaded by the search worker only:
  // 831 kB raw, 386.3 kB gzip (level 9, as measured here).
  'assets/sqlite3-*.wasm': 387,
  // Content scripts run inside pages people are using (a call, a calendar, a video): the lightest
  // peers carry about 10 KB there. Their stylesheet is a file of its own, read into the
  // controls' shadow root (components/page/shadow-host.ts), with a budget of its own.
  'content-scripts/meeting.js': 12,
  // 12 → 12.2 for the meeting-service registry's bot link rules (12,427 B), then 13,395 B with one
  // adapter per calendar and the breakage check. Back to 12: an event's start written only as text
  // is read by the background (page.eventStart; the date parser and its English and Russian month
  // names leave the page, −900 B), the redirect wrappers are one table (−45 B): 12,117 B measured.
  // The services' names and patterns and the record-only services stay out (BOT_LINK_RULES).
  'content-scripts/calendar.js': 12,
  'content-scripts/video.js': 12,
  // Who speaks when on a recorded meeting page (a script of its own beside meeting.js, idle unless
  // the tab is recorded): the registry's parsers for the page's service, its timeline reader, the
  // timeline builder: 9,004 B measured. 10.1 kB with the Zoom and Telemost readers. 12 → 9.3: the
  // timeline builder without the stored timeline's zod check (lib/page-names/stored-timeline.ts),
  // which brought zod's settings and messages into the page: measured 8.9 kB (9,148 B); 9.1 kB
  // (9,313 B) with the bot-sent notice heard and Meet's people panel read as names only. 9.3 →
  // 10.2: the page is read only where the participants are and only when it changed (an observer
  // of each reader's places and the last sample given again, lib/meetings/timeline/watch.ts,
  // instead of the whole document four times a second), and nothing is timed while idle:
  // 10,050 B measured.
  'content-scripts/timeline.js': 10.2,
  // One stylesheet for the three (entrypoints/page.content.css).
  'content-scripts/page.css': 2,
};

const outDir = path.resolve(process.argv[2] ?? '.output/chrome-mv3');

const gzipKb = (file: string) => fileSize(outDir, file).gzip / 1024;

/** The files of a hashed name such as `assets/search.worker-*.js` (a missing one fails the check). */
function hashed(pattern: string): string[] {
  const dir = path.dirname(pattern);
  const [head, tail] = path.basename(pattern).split('*') as [string, string];
  const found = existsSync(path.join(outDir, dir))
    ? readdirSync(path.join(outDir, dir)).filter((name) => name.startsWith(head) && name.endsWith(tail))
    : [];
  if (found.length === 0) {
    console.error(`No file matches ${pattern}.`);
    process.exit(1);
  }
  return found.map((name) => path.join(dir, name));
}

if (!existsSync(outDir)) {
  console.error(`No build at ${outDir}: run \`npx wxt build\` first.`);
  process.exit(2);
}

let failed = 0;
console.log('bundle sizes (gzip) against their budgets:');
for (const [target, budget] of Object.entries(BUDGETS_KB)) {
  const files = target.endsWith('.html')
    ? pageAssets(outDir, target)
    : target === 'background.js'
      ? moduleGraph(outDir, target)
      : target.includes('*')
        ? hashed(target)
        : [target];
  const total = files.reduce((sum, file) => sum + gzipKb(file), 0);
  const over = total > budget;
  if (over) failed += 1;
  console.log(
    `  ${over ? 'OVER' : 'ok  '} ${target.padEnd(28)} ${total.toFixed(1).padStart(6)} kB of ${budget} kB (${files.length} file${files.length === 1 ? '' : 's'})`,
  );
}
const zipKb = zipSize(outDir) / 1024;
const zipOver = zipKb > ZIP_BUDGET_KB;
if (zipOver) failed += 1;
console.log(
  `  ${zipOver ? 'OVER' : 'ok  '} ${'store zip (deflate -9)'.padEnd(28)} ${zipKb.toFixed(1).padStart(6)} kB of ${ZIP_BUDGET_KB} kB`,
);
if (failed > 0) {
  console.error(`${failed} bundle(s) over budget.`);
  process.exit(1);
}
