/** The shapes of lib/items: an action item of a protocol, and what the extraction is given. */

/** Items kept of one protocol (the extraction's cap, and the open items' per meeting). */
export const ITEMS_MAX = 1_000;

/** One action item of a protocol. */
export interface ActionItem {
  /** The line as written, plain text (Markdown dropped), at most 1,000 characters. */
  text: string;
  /**
   * The suggested owners: names as given to the extraction (as in `speakers_map`, on the meeting
   * page or in the calendar), or null when the line names no one of the meeting as its owner.
   */
  owner: string[] | null;
  /** The words that name the owners ("Сергею Петровичу", "Anna"), or null. */
  ownerWords: string | null;
  /** The due date stated, `YYYY-MM-DD`, or null when none is (or the one stated does not exist). */
  due: string | null;
  /** The words the due date came from ("by Friday", "до 15 марта"), or null. */
  dueWords: string | null;
  /**
   * The line's index among the protocol's list items in document order, nested ones counted (the
   * index the grounded protocol's sources are kept by); null for a row of a table.
   */
  bullet: number | null;
  /** For a row of a table of tasks: the table's index among the protocol's tables, and the row's among its rows. */
  row: { table: number; row: number } | null;
  /** A GFM task box on the line: true when ticked, false when open; null when none. */
  checked: boolean | null;
  /** The heading (or bold label) the line is under, or null. */
  section: string | null;
}

/** What the extraction knows of the meeting besides its protocol. */
export interface ItemsMeeting {
  /**
   * The names of the meeting's people, in the order their names are preferred: the speaker names
   * (`speakers_map`), then names from the meeting page, then calendar attendees (see
   * `meetingNames`). The service's unlabelled voices (`SPEAKER_03`) are left out.
   */
  names: Iterable<unknown>;
  /** The recording's `created_at` (ISO 8601 with its offset): the day relative dates are read from. */
  createdAt: string | null;
  /** The protocol's language (`result.language`): how an ambiguous `03/04` is read. */
  language?: string | null;
}
