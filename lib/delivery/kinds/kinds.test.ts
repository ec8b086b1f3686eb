/**
 * The delivery kinds' registry against its fixtures: every kind claims its own destinations and no
 * other kind's (no input is claimed by two kinds; the generic kind takes what none claims), every
 * kind is named in English and Russian, and the id list the messages' schemas use is the registry's.
 */
import { describe, expect, it } from 'vitest';
import type { Destination } from '../types';
import {
  BOT_FORMS,
  claimsOf,
  DELIVERY_KIND_IDS,
  DELIVERY_KINDS,
  type DestinationKind,
  KIND_CARDS,
  kindOf,
  kindsEnteredLike,
} from '.';

/** What a person may enter for a destination of each kind. */
const FIXTURES: Record<DestinationKind, string[]> = {
  webhook: [
    'https://example.com/hooks/slack',
    'https://hooks.slack.com.evil.io/services/a',
    'http://127.0.0.1:9000/hook',
    'https://api.telegram.org.example.net/bot1:x',
    'https://api.telegram.org/file/abc',
    'https://mattermost.example.org/hooks/xyz',
  ],
  slack: ['https://hooks.slack.com/services/T0/B0/xyz', ' https://HOOKS.SLACK.COM/services/a '],
  telegram: [
    '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
    'https://api.telegram.org/bot123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/sendMessage',
  ],
  tracker: [
    'y0_AgAAAAB4x2kQAATuwQAAAAEXAMPLEtokenForTests',
    'OAuth y0_AgAAAAB4x2kQAATuwQAAAAEXAMPLEtokenForTests',
  ],
};

/** A destination of each kind with the secret part of its address. */
const SECRETS: Record<
  DestinationKind,
  { destination: Pick<Destination, 'kind' | 'url' | 'chatId' | 'headers'>; secret: string }
> = {
  webhook: {
    destination: { kind: 'webhook', url: 'https://example.com/hooks/x?token=secret' },
    secret: 'secret',
  },
  slack: {
    destination: { kind: 'slack', url: 'https://hooks.slack.com/services/T0/B0/secret' },
    secret: 'secret',
  },
  telegram: {
    destination: {
      kind: 'telegram',
      url: 'https://api.telegram.org/bot123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
      chatId: '-1001234',
    },
    secret: 'AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
  },
  tracker: {
    destination: {
      kind: 'tracker',
      url: 'https://api.tracker.yandex.net',
      chatId: 'TEAM',
      headers: {
        Authorization: 'OAuth y0_AgAAAAB4x2kQAATuwQAAAAEXAMPLEtokenForTests',
        'X-Org-ID': '1234567',
      },
    },
    secret: 'y0_AgAAAAB4x2kQ',
  },
};

describe('the delivery kinds', () => {
  it('the registry holds exactly the ids the schemas use, each under its own id, its card the kind’s own', () => {
    expect(Object.keys(DELIVERY_KINDS).sort()).toEqual([...DELIVERY_KIND_IDS].sort());
    expect(Object.keys(KIND_CARDS).sort()).toEqual([...DELIVERY_KIND_IDS].sort());
    for (const [id, kind] of Object.entries(DELIVERY_KINDS)) {
      expect(kind.kind).toBe(id);
      expect(kind).toMatchObject(KIND_CARDS[id as DestinationKind]);
    }
  });

  it('each kind has fixtures, and each fixture is its kind', () => {
    for (const id of DELIVERY_KIND_IDS) {
      expect(FIXTURES[id].length, id).toBeGreaterThan(0);
      for (const input of FIXTURES[id]) expect(kindOf(input), `${id}: ${input}`).toBe(id);
    }
  });

  it('no input is claimed by two kinds; exactly one kind is generic and claims nothing itself', () => {
    for (const input of Object.values(FIXTURES).flat())
      expect(claimsOf(input).length, input).toBeLessThanOrEqual(1);
    const generic = Object.values(DELIVERY_KINDS).filter((kind) => kind.detect === null);
    expect(generic.map((kind) => kind.kind)).toEqual(['webhook']);
  });

  it('each kind is named in English and Russian, and no two share a name', () => {
    for (const kind of Object.values(DELIVERY_KINDS)) {
      expect(kind.names.en.trim(), kind.kind).not.toBe('');
      expect(kind.names.ru.trim(), kind.kind).not.toBe('');
      expect(kind.names.ru, kind.kind).toMatch(/[а-яё]/i);
    }
    for (const lang of ['en', 'ru'] as const) {
      const names = Object.values(DELIVERY_KINDS).map((kind) => kind.names[lang]);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('every kind entered by bot has its form in both languages, and only those', () => {
    for (const kind of Object.values(DELIVERY_KINDS)) {
      expect(kind.entry === 'bot', kind.kind).toBe(kind.bot !== undefined);
      expect(BOT_FORMS[kind.kind] !== undefined, kind.kind).toBe(kind.entry === 'bot');
      for (const lang of ['en', 'ru'] as const)
        for (const [field, words] of Object.entries(BOT_FORMS[kind.kind]?.[lang] ?? {}) as [string, string][])
          expect(words.trim(), `${kind.kind} ${lang} ${field}`).not.toBe('');
    }
  });

  it('a destination switches only between kinds entered the same way', () => {
    expect(kindsEnteredLike('webhook')).toEqual(['webhook', 'slack']);
    expect(kindsEnteredLike('telegram')).toEqual(['telegram']);
    expect(kindsEnteredLike('tracker')).toEqual(['tracker']);
  });

  it('no kind shows its credential back', () => {
    for (const id of DELIVERY_KIND_IDS) {
      const { destination, secret } = SECRETS[id];
      const shown = KIND_CARDS[id].mask({
        id: 'd',
        spaceIds: null,
        includeTranscript: false,
        addedAt: 0,
        ...destination,
      });
      expect(shown, id).not.toContain(secret);
      expect(shown.length, id).toBeGreaterThan(0);
    }
  });
});
