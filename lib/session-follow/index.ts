/**
 * How an open extension page follows the session: the background writes `sessionChangedItem`
 * (lib/storage.ts) after every start, end or renewal of the session; a page that sees it change
 * asks `session.get` (never the token) and takes one step, decided here.
 */
import type { SessionView } from '@/lib/messaging';

/**
 * Whose data a page shows for this view: the service and the account, or null when signed out. The
 * same key as the popup snapshot's owner (lib/popup-snapshot/account.ts), not imported from there:
 * the popup would load that module as a chunk of its own.
 */
export function shownAccount(view: SessionView | null | undefined): string | null {
  return view?.signedIn ? `${view.serviceUrl}\n${view.email ?? ''}` : null;
}

/**
 * - `same`: the account shown (or signed out, as shown): what is shown stays, the fresh view is
 *   taken (its warning);
 * - `signed-out`: everything of the account shown goes, the sign-in form shows;
 * - `other-account`: everything of the account shown goes, then the new account's data is read.
 */
export type SessionStep = 'same' | 'signed-out' | 'other-account';

/** The step for the page showing `shown` (null: nothing known yet) when the background says `now`. */
export function sessionStep(shown: SessionView | null, now: SessionView): SessionStep {
  const after = shownAccount(now);
  if (shown !== null && shownAccount(shown) === after) return 'same';
  return after === null ? 'signed-out' : 'other-account';
}
