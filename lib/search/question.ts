/**
 * Whether what was typed in "Search all meetings" is a question to answer ("Ask") or words to find
 * ("Keywords"), and what a question may be. Pure and light (no stemmer, no index): the page decides
 * before it asks the search worker. The rule, in docs/search.md ("Ask your meetings"):
 *
 * - **A question mark** anywhere (`?`, and the full-width, inverted and Arabic ones) makes it
 *   a question.
 * - Otherwise, **a question word first**, followed by at least one more word: English "what",
 *   "who", "which", "when", "where", "why", "how", "did", "does", "is", "are", "was", "were",
 *   "should", "could", "would", "can", "has", "have", "had", "do", "tell me"; Russian «что», «кто»,
 *   «какой» (any form), «почему», «зачем», «когда», «где», «куда», «откуда», «сколько», «как», «чей»
 *   (any form), «разве», «неужели»; or the particle «ли» as the second word («решили ли мы…»).
 *   "Will" and "may" are left out: they start names and keywords more often than questions.
 * - Anything else is keywords, exactly as the search has always read it.
 * - **The person's choice wins**: "Ask" or "Keywords" chosen on the page holds until the field is
 *   emptied (`searchMode`).
 *
 * A question is at most `QUESTION_MAX_CHARS` characters (`questionProblem`): a longer one (a page
 * pasted by mistake) is not asked, and the page says so. Words in a script other than Latin or
 * Cyrillic are looked for as written, not by their stems (`otherScript`): the page says that
 * questions are understood in English and Russian.
 */

/** The longest question asked (characters, trimmed). */
export const QUESTION_MAX_CHARS = 1_000;

export type SearchMode = 'ask' | 'keywords';

const QUESTION_MARKS = /[?\uFF1F\u00BF\u061F]/u;

let firstWords: Set<string> | null = null;

/**
 * The words a question may start with, made on first use (the search worker loads this module for
 * its bound only).
 */
function questionStarts(): Set<string> {
  firstWords ??= new Set(
    [
      "what whats what’s what's who whos who’s who's whom whose which when where wheres where’s where's why",
      "how hows how’s how's did does do is are was were should could would can has have had",
      'что кто кого кому кем ком чей чья чье чьи чьего чьей чьих какой какая какое какие каким какую',
      'каких каком какими каков какова каково каковы почему зачем отчего когда где куда откуда сколько',
      'как разве неужели',
    ]
      .join(' ')
      .split(' '),
  );
  return firstWords;
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

function wordsOf(text: string): string[] {
  return (text.slice(0, 400).match(WORD) ?? []).map((word) => word.toLowerCase().replace(/ё/g, 'е'));
}

/** Whether the text reads as a question (module comment). */
export function looksLikeQuestion(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return false;
  if (QUESTION_MARKS.test(trimmed)) return true;
  const words = wordsOf(trimmed);
  if (words.length < 2) return false;
  const [first, second] = words as [string, string];
  if (questionStarts().has(first)) return true;
  if (first === 'tell' && second === 'me') return true;
  return second === 'ли';
}

/** How the text is searched: as the person chose, else as it reads (module comment). */
export function searchMode(text: string, chosen: SearchMode | null): SearchMode {
  return chosen ?? (looksLikeQuestion(text) ? 'ask' : 'keywords');
}

/** Why a question is not asked, or null when it may be. */
export function questionProblem(text: string): { kind: 'too-long'; length: number } | null {
  const length = text.trim().length;
  return length > QUESTION_MAX_CHARS ? { kind: 'too-long', length } : null;
}

const LETTER = /\p{L}/gu;
const OUR_LETTER = /[\p{Script=Latin}\p{Script=Cyrillic}]/u;

/**
 * Whether most of the question's letters are of a script other than Latin or Cyrillic: its words
 * are looked for as written (no stems, no question words left out), and the page says so.
 */
export function otherScript(text: string): boolean {
  let letters = 0;
  let others = 0;
  for (const [letter] of text.slice(0, 2_000).matchAll(LETTER)) {
    letters += 1;
    if (!OUR_LETTER.test(letter)) others += 1;
  }
  return letters > 0 && others * 2 > letters;
}

/**
 * What the status line says of a question, or null when the search's own words serve (the index
 * still loading, "Searched N of M meetings", an empty archive, no report yet). "Nothing found" only
 * for an answer computed from the whole index and still current (`searchStatus` says `done`): never
 * while the index grows, never an older question's.
 */
export type QuestionStatus =
  | { kind: 'too-long'; length: number }
  | { kind: 'no-words' }
  | { kind: 'asking' }
  | { kind: 'answered'; meetings: number }
  | { kind: 'nothing-found' };

export function questionStatus(input: {
  /** The search's status of the question on screen (lib/search/standing-question.ts). */
  status: { kind: string; found?: boolean };
  /** The question on screen, when it is asked as a question. */
  question: string;
  /** The answer to the question on screen, when there is one. */
  answer: { meetings: readonly unknown[]; reason?: 'no-words' } | null;
}): QuestionStatus | null {
  const { status, question, answer } = input;
  if (question.trim() === '') return null;
  const problem = questionProblem(question);
  if (problem) return problem;
  // Nothing in the question to look for: whatever the index holds.
  if (answer?.reason === 'no-words') return { kind: 'no-words' };
  if (status.kind === 'searching') return { kind: 'asking' };
  if (status.kind !== 'done') return null;
  return answer && answer.meetings.length > 0
    ? { kind: 'answered', meetings: answer.meetings.length }
    : { kind: 'nothing-found' };
}
