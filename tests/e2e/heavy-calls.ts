/**
 * Heavy, live call pages of Google Meet, Zoom's web client and Telemost, for the page-cost
 * benchmark (scripts/pagecost.ts): written for the measurements, from the readers' fixtures
 * (lib/meetings/timeline/fixtures: tiles, names, speaking marks, the call's own controls, as
 * public sources show them) and the caption markup public caption-capturing extensions read
 * (vivek-nexus/transcriptonic @fe25d75: Meet's `div[role="region"][tabindex="0"]`, whose blocks
 * are a name and a text followed by two other elements, `.google-symbols` icons `call_end`,
 * `closed_caption_off`, `chat`, the chat list `div[aria-live="polite"].Ge9Kpc`, the title
 * `.u6vdEc`, the user's name `.awLEm`; Zoom's `#audioOptionMenu`, `.footer__leave-btn-container`
 * and `.live-transcription-subtitle__box`, whose last child is the speaker's line: a name, then
 * the text).
 *
 * Each call has 12 participants in tiles, and is heavy and live the same way:
 * - 3,000 participant-like nodes: a chat of 1,000 messages, each an author and a text;
 * - captions that change every 100 ms: a word is added to the speaker's line, and each 2 s a new
 *   line for the next speaker (the last 30 lines kept);
 * - the speaking mark moving to the next participant every 1.5 s, as the service marks it
 *   (Meet's class on the tile's indicator, Zoom's `--active` frame, Telemost's outline class).
 *
 * Zoom and Telemost draw the call in a same-origin frame (`iframe#webclient`,
 * `/private-join/<id>`) of a top page that holds only that frame, as the services do.
 */
import { meetCall } from '../../lib/meetings/timeline/fixtures/meet';
import { telemostCall } from '../../lib/meetings/timeline/fixtures/telemost';
import type { CallView } from '../../lib/meetings/timeline/fixtures/view';
import { zoomCall } from '../../lib/meetings/timeline/fixtures/zoom';

export interface HeavyCall {
  /** The row's name in the report. */
  name: string;
  url: string;
  origin: string;
  /** The page for a document request of `url` (the top page, or the call's frame). */
  body(url: string): string;
  /** The element our meeting control is, once it is on the page. */
  ours: string;
}

const NAMES = [
  'Anna Petrova',
  'Ben Okafor',
  'Chen Wei',
  'Dmitri Ivanov',
  'Eva Novak',
  'Farah Haddad',
  'Goran Ilic',
  'Hana Sato',
  'Ivan Sidorov',
  'Julia Costa',
  'Kofi Mensah',
  'Lena Braun',
];

const VIEW: CallView = {
  participants: NAMES.map((name, i) => ({ name, ...(i === NAMES.length - 1 && { self: true }) })),
  speaking: [0],
  lang: 'en',
};

interface Live {
  /** The elements that carry the speaking mark, one per tile in page order, and the mark. */
  marks: string;
  mark: string;
  /** Where caption lines go, and how many other elements follow the lines there. */
  captions: string;
  trailers: number;
}

/** The script that makes the call heavy and live (in the call's own document). */
function liveScript(live: Live): string {
  return `<script>
(() => {
  const NAMES = ${JSON.stringify(NAMES)};
  const chat = document.createElement('div');
  chat.className = 'chat-history';
  chat.style.cssText = 'position:absolute;left:-99999px;top:0;width:400px';
  const rows = [];
  for (let i = 0; i < 1000; i++) {
    const row = document.createElement('div');
    row.className = 'chat-message';
    const author = document.createElement('span');
    author.className = 'chat-author';
    author.textContent = NAMES[i % NAMES.length];
    const text = document.createElement('span');
    text.className = 'chat-text';
    text.textContent = 'Message ' + i + ' about the agenda';
    row.append(author, text);
    rows.push(row);
  }
  chat.append(...rows);
  document.body.append(chat);

  const captions = document.querySelector(${JSON.stringify(live.captions)});
  const WORDS = 'so the next step is to check the numbers with the team before friday and then we ship it'.split(' ');
  let tick = 0;
  let line = null;
  setInterval(() => {
    tick++;
    if (!line || tick % 20 === 0) {
      const block = document.createElement('div');
      block.className = 'caption-line';
      const name = document.createElement('div');
      name.className = 'caption-name';
      name.textContent = NAMES[Math.floor(tick / 20) % NAMES.length];
      const text = document.createElement('div');
      text.className = 'caption-text';
      line = document.createTextNode('');
      text.append(line);
      block.append(name, text);
      const before = captions.children[captions.children.length - ${live.trailers}] ?? null;
      captions.insertBefore(block, ${live.trailers} ? before : null);
      if (captions.children.length > 30 + ${live.trailers}) captions.firstElementChild.remove();
    }
    line.data += (line.data ? ' ' : '') + WORDS[tick % WORDS.length];
  }, 100);

  let speaker = 0;
  setInterval(() => {
    const marks = document.querySelectorAll(${JSON.stringify(live.marks)});
    marks[speaker % marks.length]?.classList.remove(${JSON.stringify(live.mark)});
    speaker++;
    marks[speaker % marks.length]?.classList.add(${JSON.stringify(live.mark)});
  }, 1500);
})();
</script>`;
}

const page = (lang: string, title: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title>
<style>html,body{margin:0;height:100%;background:#202124;color:#e8eaed;font:14px Arial,sans-serif}
iframe{position:fixed;inset:0;width:100%;height:100%;border:0}</style></head><body>${body}</body></html>`;

const MEET_CALL = meetCall(VIEW).replace(
  '<div class="controls"><button aria-label="Leave call"></button></div>',
  `<div class="controls" role="toolbar"><span class="u6vdEc">Weekly sync</span><span class="awLEm">${NAMES.at(-1)}</span>` +
    '<button aria-label="Turn on captions"><i class="google-symbols">closed_caption_off</i></button>' +
    '<button aria-label="Chat with everyone"><i class="google-symbols">chat</i></button>' +
    '<button aria-label="Leave call"><span><i class="google-symbols">call_end</i></span></button></div>' +
    '<div role="region" tabindex="0" aria-label="Captions"><div class="captions"><div class="caption-tools"></div><div class="caption-tools"></div></div></div>' +
    '<div aria-live="polite" class="Ge9Kpc"></div>',
);

const ZOOM_CALL = zoomCall(VIEW).replace(
  '</div></footer>',
  '<button id="audioOptionMenu" aria-label="mute my microphone">Mute</button>' +
    '<div class="footer__leave-btn-container"><button aria-label="Leave" class="footer-button-base__button">Leave</button></div>' +
    '</div></footer><div class="live-transcription-subtitle__box"></div>',
);

const TELEMOST_CALL = `${telemostCall({ ...VIEW, lang: 'ru' })}<div class="Subtitles_Hk2Lm"></div>`;

export const HEAVY_CALLS: readonly HeavyCall[] = [
  {
    name: 'Google Meet',
    url: 'https://meet.google.com/abc-defg-hij',
    origin: 'https://meet.google.com',
    ours: 'meeting-capture-send-bot',
    body: () =>
      page(
        'en',
        'Meet - abc-defg-hij',
        MEET_CALL +
          liveScript({
            marks: '[data-participant-id] .DYfzY',
            mark: 'Oaajhc',
            captions: '[role="region"][tabindex="0"] .captions',
            trailers: 2,
          }),
      ),
  },
  {
    name: 'Zoom web client',
    url: 'https://app.zoom.us/wc/81234567890/join?pwd=abc',
    origin: 'https://app.zoom.us',
    ours: 'meeting-capture-send-bot',
    body: (url) =>
      url.includes('frame=call')
        ? page(
            'en',
            'Zoom',
            ZOOM_CALL +
              liveScript({
                marks: '.gallery-video-container__video-frame',
                mark: 'gallery-video-container__video-frame--active',
                captions: '.live-transcription-subtitle__box',
                trailers: 0,
              }),
          )
        : page(
            'en',
            'Zoom',
            '<iframe id="webclient" src="/wc/81234567890/join?pwd=abc&frame=call"></iframe>',
          ),
  },
  {
    name: 'Telemost',
    url: 'https://telemost.yandex.ru/j/12345678901234',
    origin: 'https://telemost.yandex.ru',
    ours: 'meeting-capture-send-bot',
    body: (url) =>
      url.includes('/private-join/')
        ? page(
            'ru',
            'Телемост',
            TELEMOST_CALL +
              liveScript({
                marks: '.root_R4nXa',
                mark: 'rootStroke_P0qLs',
                captions: '.Subtitles_Hk2Lm',
                trailers: 0,
              }),
          )
        : page(
            'ru',
            'Телемост',
            '<div id="root"><iframe class="call-frame" src="/private-join/12345678901234?source=web"></iframe></div>',
          ),
  },
];
