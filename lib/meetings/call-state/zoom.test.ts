// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { zoomCallState } from './zoom';

/** The web client frame's document (tests/fixtures/pages/zoom-web-client.html). */
function frame(body: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${body}</body>`, 'text/html');
}

const MEETING = `<div class="meeting-app"><div id="wc-footer">
  <div class="footer__leave-btn-container"><button aria-label="Leave" class="footer-button-base__button">Leave</button></div>
</div></div>`;

describe('zoomCallState', () => {
  it('tells the pre-join screen, the meeting and the host ending it apart', () => {
    expect(
      zoomCallState(
        frame('<input id="input-for-name"><button class="zm-btn preview-join-button">Join</button>'),
      ),
    ).toBe('lobby');
    expect(
      zoomCallState(
        frame('<input id="inputname" placeholder="Your Name"><button id="joinBtn">Join</button>'),
      ),
    ).toBe('lobby');
    expect(zoomCallState(frame('<h2>Please wait, the meeting host will let you in soon.</h2>'))).toBe(
      'lobby',
    );
    expect(zoomCallState(frame(MEETING))).toBe('in-call');
    expect(
      zoomCallState(
        frame(
          `${MEETING}<div class="zm-modal"><div class="zm-modal-body-title">This meeting has been ended by host</div></div>`,
        ),
      ),
    ).toBe('ended');
    expect(
      zoomCallState(
        frame(
          '<div class="zm-modal"><div class="zm-modal-body-title">You have been removed from the meeting</div></div>',
        ),
      ),
    ).toBe('ended');
    // The footer gone, a heading saying so.
    expect(zoomCallState(frame('<h1>This meeting has been ended by host</h1>'))).toBe('ended');
  });

  it('reads the Russian client', () => {
    expect(zoomCallState(frame('<button aria-label="Выйти">Выйти</button>'))).toBe('in-call');
    expect(
      zoomCallState(frame('<div class="zm-modal-body-title">Организатор завершил эту конференцию</div>')),
    ).toBe('ended');
  });

  it('a page that changed is unknown, never ended', () => {
    expect(
      zoomCallState(frame('<div class="meeting-app-v2"><button aria-label="Leave meeting">x</button></div>')),
    ).toBe('unknown');
    expect(zoomCallState(frame(''))).toBe('unknown');
    // A dialog, an alert or a chat line is no end screen, nor a modal title that merely holds the words.
    expect(zoomCallState(frame('<div role="dialog">You have been removed from the meeting</div>'))).toBe(
      'unknown',
    );
    expect(
      zoomCallState(
        frame(`${MEETING}<div class="zm-modal-body-title">Anna: this meeting has been ended by host</div>`),
      ),
    ).toBe('in-call');
    expect(
      zoomCallState(
        frame('<div class="chat-item__chat-info"><h3>This meeting has been ended by host</h3></div>'),
      ),
    ).toBe('unknown');
    // Another modal of the meeting ("Leave meeting?") is no end.
    expect(zoomCallState(frame(`${MEETING}<div class="zm-modal-body-title">Leave meeting?</div>`))).toBe(
      'in-call',
    );
  });
});
