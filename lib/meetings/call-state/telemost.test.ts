// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { telemostCallState } from './telemost';

/** The `/private-join/<id>` frame's document (tests/fixtures/pages/telemost-call.html). */
function frame(body: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${body}</body>`, 'text/html');
}

describe('telemostCallState', () => {
  it('tells the pre-join screen, the call and the end screen apart', () => {
    expect(
      telemostCallState(frame('<button data-testid="enter-conference-button">Подключиться</button>')),
    ).toBe('lobby');
    expect(
      telemostCallState(
        frame(
          '<button data-testid="participants-button">3</button><button data-testid="end-call-alt-button">Выйти</button>',
        ),
      ),
    ).toBe('in-call');
    expect(telemostCallState(frame('<h2>Конференция завершена</h2><button>Вернуться</button>'))).toBe(
      'ended',
    );
    expect(telemostCallState(frame('<h2>Вы покинули встречу</h2>'))).toBe('ended');
    expect(telemostCallState(frame('<h2>Meeting ended</h2>'))).toBe('ended');
  });

  it("an end screen counts only once the call's controls are gone, and never in the tiles or the panel", () => {
    expect(
      telemostCallState(
        frame('<h2>Конференция завершена</h2><button data-testid="end-call-alt-button">x</button>'),
      ),
    ).toBe('in-call');
    expect(
      telemostCallState(
        frame('<div class="GoloomParticipantsRenderer"><span role="heading">Встреча завершена</span></div>'),
      ),
    ).toBe('unknown');
    expect(telemostCallState(frame('<h2>Анна: конференция завершена</h2>'))).toBe('unknown');
  });

  it('a page that changed is unknown, never ended', () => {
    expect(telemostCallState(frame('<button data-testid="leave-v4">Выйти</button>'))).toBe('unknown');
    expect(telemostCallState(frame(''))).toBe('unknown');
    // A chat line that quotes the words is no end screen.
    expect(
      telemostCallState(
        frame('<p>Конференция завершена?</p><button data-testid="end-call-alt-button">x</button>'),
      ),
    ).toBe('in-call');
  });
});
