// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { meetCallState } from './google-meet';

/** A document of the given body, as Meet's screens draw it (tests/fixtures/pages/meet-call.html). */
function page(body: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${body}</body>`, 'text/html');
}

const CALL = `<c-wiz><div role="main">
  <div data-participant-id="spaces/x/devices/1"><span class="notranslate">Anna</span></div></div>
  <div role="toolbar"><button aria-label="Leave call">Leave</button></div></c-wiz>`;

describe('meetCallState', () => {
  it('tells the pre-join screen, the call and "You left the meeting" apart', () => {
    expect(
      meetCallState(page('<h1>Ready to join?</h1><button jsname="j"><span>Join now</span></button>')),
    ).toBe('lobby');
    expect(meetCallState(page('<button jsname="j"><span>Ask to join</span></button>'))).toBe('lobby');
    expect(meetCallState(page('<div role="heading">Asking to be let in…</div>'))).toBe('lobby');
    expect(meetCallState(page(CALL))).toBe('in-call');
    expect(meetCallState(page('<h1>You left the meeting</h1><button>Rejoin</button>'))).toBe('ended');
    expect(meetCallState(page('<h1>You’ve been removed from the meeting</h1>'))).toBe('ended');
  });

  it('reads the Russian screens', () => {
    expect(meetCallState(page('<button><span>Присоединиться</span></button>'))).toBe('lobby');
    expect(meetCallState(page('<h1>Вы вышли из видеовстречи</h1>'))).toBe('ended');
  });

  it('the "Leave call" button alone is no call: Meet shows it before joining too', () => {
    expect(meetCallState(page('<button aria-label="Leave call">Leave</button>'))).toBe('unknown');
  });

  it("an end screen counts only once the call's own controls are gone", () => {
    expect(meetCallState(page(`${CALL}<h1>You left the meeting</h1>`))).toBe('in-call');
    // The tiles gone, "Leave call" still there: not over yet.
    expect(
      meetCallState(page('<h1>The meeting has ended</h1><button aria-label="Leave call">Leave</button>')),
    ).toBe('unknown');
    expect(meetCallState(page('<h1>The meeting has ended</h1>'))).toBe('ended');
  });

  it("never takes what participants write (a name, a chat message, a caption) for the page's state", () => {
    // An alert in the call quoting someone: the call goes on.
    expect(meetCallState(page(`${CALL}<div role="alert">Anna: the meeting has ended</div>`))).toBe('in-call');
    // Even with the call's controls gone: an alert, a live region or a caption is no screen.
    for (const body of [
      '<div role="alert">The meeting has ended</div>',
      '<div aria-live="polite"><h3>The meeting has ended</h3></div>',
      '<div role="region" aria-label="Captions"><div role="heading">You left the meeting</div></div>',
      '<div aria-label="Participants"><div role="heading">The meeting has ended</div></div>',
      // A heading that merely holds the words.
      '<h2>Anna: the meeting has ended</h2>',
      '<h2>The meeting has ended, see you all next week</h2>',
    ])
      expect(meetCallState(page(body)), body).toBe('unknown');
  });

  it('a page that changed is unknown, never ended', () => {
    expect(meetCallState(page('<div class="new-ui"><div data-tile="1">Anna</div></div>'))).toBe('unknown');
    expect(meetCallState(page(''))).toBe('unknown');
    // The words in a long text (a chat message, a caption) are not a screen's heading.
    expect(meetCallState(page(`<div role="dialog">${'x'.repeat(300)} you left the meeting</div>`))).toBe(
      'unknown',
    );
    expect(meetCallState(page('<p>You left the meeting</p>'))).toBe('unknown');
  });
});
