/**
 * Which owners' names are the signed-in user's, as a suggestion: the service knows the account
 * only by its e-mail address, so an owner is suggested when
 * - the meeting page showed that name on the user's own tile (a meeting recorded with "Record
 *   here" or our bot while the user's tab was open), or
 * - the address's name part spells it: every word of the name, in Latin letters or transliterated
 *   from Cyrillic (`anna.petrova@…`, `petrova.anna@…`, `annapetrova@…`, `apetrova@…`,
 *   `anna@…` for an owner named only "Anna").
 * The user confirms or changes the names (kept per account, lib/items/kept.ts); until then "Mine"
 * says it is a suggestion. Pure.
 */
import { fold, skeleton } from './latin';

const WORD = /[\p{L}]+/gu;

function nameWords(name: string): string[] {
  return (name.match(WORD) ?? []).map((word) => skeleton(fold(word))).filter((word) => word.length > 0);
}

/** The letters of an address's name part, split where it splits (dots, dashes, digits…). */
function addressWords(email: string): string[] {
  const local = email.split('@')[0] ?? '';
  return (local.toLowerCase().match(/[a-z]+/g) ?? []).map((word) => skeleton(word));
}

/** Whether the address's name part spells this name. */
export function addressNames(email: string, name: string): boolean {
  const words = nameWords(name);
  const parts = addressWords(email);
  if (words.length === 0 || parts.length === 0) return false;
  const joined = parts.join('');
  const first = words[0] as string;
  const last = words[words.length - 1] as string;
  if (words.length === 1) return parts.includes(first) && first.length >= 3;
  // Every word of the name a part of the address, in any order.
  if (words.every((word) => parts.includes(word))) return true;
  // Written together: annapetrova, petrovaanna, apetrova, petrovaa.
  return (
    joined === first + last ||
    joined === last + first ||
    (last.length >= 3 && (joined === first[0] + last || joined === last + first[0])) ||
    (parts.length === 2 && parts[0] === first[0] && parts[1] === last)
  );
}

/**
 * The owners suggested as the user's: those shown on the user's own tile, and those the address
 * spells; in the order of `owners`.
 */
export function suggestMine(
  email: string | null | undefined,
  owners: readonly string[],
  self: readonly string[],
): string[] {
  const own = new Set(self.map((name) => nameWords(name).join(' ')).filter(Boolean));
  return owners.filter(
    (owner) => own.has(nameWords(owner).join(' ')) || (email ? addressNames(email, owner) : false),
  );
}
