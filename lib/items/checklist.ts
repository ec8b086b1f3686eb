/**
 * Items as a Markdown checklist (GFM task list), for pasting into a tracker, a chat or a document:
 * one line per item, ticked when done, its suggested owner and due date after it, then the
 * meeting it comes from. The item's text is escaped so that it reads as written. Pure.
 */

export interface ChecklistItem {
  text: string;
  owner: readonly string[] | null;
  due: string | null;
  state: 'open' | 'done' | 'dismissed';
  /** The newest meeting it was said in. */
  meeting: string | null;
}

export interface ChecklistWords {
  /** "owner (suggested): Anna" */
  owner: (names: string) => string;
  /** "due 13 March 2026" */
  due: (iso: string) => string;
}

/** Markdown's own characters escaped, and line breaks made spaces. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>|#~]/g, (ch) => `\\${ch}`)
    .replace(/^(\d+)\./, '$1\\.')
    .replace(/^([-+])/, '\\$1');
}

export function checklist(items: readonly ChecklistItem[], words: ChecklistWords): string {
  return items
    .map((item) => {
      const notes = [
        item.owner && item.owner.length > 0 ? words.owner(item.owner.join(', ')) : null,
        item.due ? words.due(item.due) : null,
        item.meeting,
      ]
        .filter((note): note is string => Boolean(note))
        .map(escapeMarkdown);
      const box = item.state === 'done' ? '[x]' : '[ ]';
      const line =
        item.state === 'dismissed' ? `~~${escapeMarkdown(item.text)}~~` : escapeMarkdown(item.text);
      return `- ${box} ${line}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
    })
    .join('\n');
}
