/**
 * What the user confirms: "Names from the meeting page: Anna Petrova, Tom Becker, 1 unnamed — Use
 * them / Edit", each name with its evidence; "Use them" gives every suggested name through the
 * viewer's rename (the archive, search and exports follow it). A voice the user named in the
 * meantime keeps the user's name.
 */
import { speakerLabel } from '@/lib/format/speakers';
import type { Lang } from '@/lib/i18n';
import { describeEvidence, describeMatching } from './describe';
import { isUnlabelled, type Matching } from './match';

export interface Offer {
  speakerId: string;
  /** The label as the viewer shows it ("Speaker 1"). */
  label: string;
  /** The suggested name, or null for a voice left unnamed. */
  name: string | null;
  evidence: string;
  /** For a voice left unnamed: the page's names to pick from when editing. */
  choices: string[];
}

export interface Confirmation {
  /** "Anna Petrova, Tom Becker, 1 unnamed". */
  summary: string;
  offers: Offer[];
  /** How many names "Use them" would give. */
  named: number;
}

/** Whether a speaker already carries a name given in this browser. */
const namedHere = (renamed: Readonly<Record<string, string>>, speakerId: string) =>
  !isUnlabelled(renamed[speakerId]);

/**
 * The confirmation to show, or null when there is nothing to confirm (no name suggested, or
 * every suggested voice was named in this browser since).
 */
export function confirmationOf(
  matching: Matching,
  renamed: Readonly<Record<string, string>>,
  lang: Lang,
): Confirmation | null {
  const open = { suggestions: matching.suggestions.filter((s) => !namedHere(renamed, s.speakerId)) };
  const named = open.suggestions.filter((s) => s.name !== null).length;
  if (named === 0) return null;
  return {
    summary: describeMatching(open, lang),
    named,
    offers: open.suggestions.map((s) => ({
      speakerId: s.speakerId,
      label: speakerLabel(s.label, lang),
      name: s.name,
      evidence: describeEvidence(s, lang),
      choices: s.choices,
    })),
  };
}

export type Rename = (speakerId: string, name: string) => Promise<boolean>;

/**
 * "Use them": every suggested name through `rename`, one at a time, never over a name given in
 * this browser. Says which were saved and which were not.
 */
export async function applyNames(
  matching: Matching,
  renamed: Readonly<Record<string, string>>,
  rename: Rename,
): Promise<{ saved: string[]; failed: string[] }> {
  const saved: string[] = [];
  const failed: string[] = [];
  for (const suggestion of matching.suggestions) {
    if (suggestion.name === null || namedHere(renamed, suggestion.speakerId)) continue;
    let ok = false;
    try {
      ok = await rename(suggestion.speakerId, suggestion.name);
    } catch {
      ok = false;
    }
    (ok ? saved : failed).push(suggestion.speakerId);
  }
  return { saved, failed };
}
