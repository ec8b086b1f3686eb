/**
 * What a delivery kind is (one file per kind beside this one, listed in index.ts): how a person
 * enters a destination of this kind, which entered addresses are its own, the Markdown dialect its
 * protocol is converted to, the requests a delivery is, and how its answers read.
 */
import type { ProtocolSources } from '@/lib/grounding/sources';
import type { Lang } from '@/lib/i18n';
import type { DeliveryContent } from '../bodies';
import type { DeliveryItem } from '../items';
import type { MarkdownDialect } from '../markdown-request';
import type { AttemptAnswer } from '../retry';
import type { Destination } from '../types';
import type { DestinationKind } from './ids';

/** One field of a multipart form: a value, or a file made of text. */
export type FormField =
  | { name: string; value: string }
  | { name: string; file: { name: string; type: string; text: string } };

/** One HTTP POST of a delivery. */
export interface DeliveryRequest {
  /** Appended to the destination's address (`/sendMessage`); none: the address itself. */
  path?: string;
  /** A JSON text sent as is, or the fields of a multipart form. */
  body: string | FormField[];
}

/** What a delivery's body is made with, beside the content. */
export interface BodyOptions {
  includeTranscript: boolean;
  lang: Lang;
  /** "Test": the sample, marked as a test. */
  test: boolean;
}

export interface BodyInput {
  content: DeliveryContent;
  destination: Destination;
  options: BodyOptions;
  idempotencyKey: string;
  /** The protocol's Markdown converted to the kind's dialect (`convert`); '' for a kind without one. */
  protocol: string;
  /**
   * The protocol's lines and their suggested sources, for a kind `withSources`; null for another
   * kind, or when they could not be linked (the body then goes without them).
   */
  sources: ProtocolSources | null;
  /** The protocol's action items (`items`), or null: not read (a kind that takes them optionally). */
  items?: DeliveryItem[] | null;
}

/** The words of a bot kind's form on the options page. */
export interface BotFormTexts {
  token: string;
  tokenHint: string;
  chat: string;
  chatHint: string;
  errToken: string;
  errChat: string;
}

/** A kind entered as a bot's token and the chat it writes to. */
export interface BotEntry {
  /** The bot API's address (test builds may point it at this computer: `botApi`). */
  api: string;
  /**
   * The token and chat as a person typed them, made into the destination's address (the API's
   * address with the token: a credential) and chat, or which of the two is wrong.
   */
  parse(
    input: { token: string; chatId: string },
    api: string,
  ):
    | { ok: true; url: string; chatId: string; headers?: Record<string, string> }
    | { ok: false; problem: 'token' | 'chat' };
}

/**
 * What the options page needs of a kind (and the worker, to add one): how it is entered and shown.
 * Apart from the sending (`DeliveryKind`), so a page does not carry the bodies.
 */
export interface DeliveryKindCard {
  kind: DestinationKind;
  /** The kind's name as the options page shows it. */
  names: Record<Lang, string>;
  /**
   * How a destination of this kind is entered: `url`, an address (kinds entered so may be switched
   * into each other later: the address stays); `bot`, a bot token and a chat (`bot`).
   */
  entry: 'url' | 'bot';
  bot?: BotEntry;
  /**
   * Whether what a person entered (an address, a token) is a destination of this kind. Null: the
   * generic kind, which takes any address no other kind claims. No input is claimed by two kinds.
   */
  detect: ((input: string) => boolean) | null;
  /** The destination as shown after it was added: never its secret part. */
  mask(destination: Destination): string;
}

/** A kind: its card and how it sends. */
export interface DeliveryKind extends DeliveryKindCard {
  /** The dialect the protocol's Markdown is converted to, outside the worker, before `body`; null: none. */
  convert: MarkdownDialect | null;
  /** Whether its body carries the protocol lines' suggested sources (linked outside the worker before `body`). */
  withSources: boolean;
  /**
   * Whether `body` takes the protocol's action items (read outside the worker before it): a
   * delivery of a `required` kind waits until they are read; an `optional` one goes without them
   * when they cannot be.
   */
  items?: 'required' | 'optional';
  /**
   * A kind that creates (a tracker): the request that finds what `request` made, sent when the
   * destination answered that it exists already (`adopted`), so the log names it.
   */
  find?(request: DeliveryRequest): DeliveryRequest | null;
  /** The requests a delivery is, in order; each is sent once, the next after the previous was taken. */
  body(input: BodyInput): DeliveryRequest[];
  /**
   * An answer in the kind's terms, when its body says more than its status (read at most 64 kB);
   * none: the status and `Retry-After` say it all.
   */
  answer?(status: number, body: unknown, retryAfterMs: number | null): AttemptAnswer;
}
