/**
 * "Names from the meeting page: Anna Petrova, Tom Becker, 1 unnamed — Use them / Edit": the names the
 * meeting page suggests for the result's SPEAKER_nn, each with its evidence under a disclosure.
 * "Use them" gives them through the viewer's rename; "Edit" opens the speakers to rename by hand.
 * Names are rendered as text, never as markup.
 */
import { useState } from 'preact/hooks';
import { applyNames, confirmationOf, type Rename } from '@/lib/page-names/confirm';
import type { Matching } from '@/lib/page-names/match';
import { lang } from '../lang';
import { pageNamesText } from './page-names-texts';
import './page-names.css';

export function PageNamesOffer({
  matching,
  renamed,
  onRename,
  onEdit,
}: {
  matching: Matching;
  renamed: Readonly<Record<string, string>>;
  onRename: Rename;
  onEdit: () => void;
}) {
  const t = pageNamesText.value;
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(0);
  const confirmation = confirmationOf(matching, renamed, lang.value);
  if (!confirmation) return null;
  const use = async () => {
    setBusy(true);
    const outcome = await applyNames(matching, renamed, onRename);
    setFailed(outcome.failed.length);
    setBusy(false);
  };
  return (
    <section class="page-names" aria-label={t.pageNames} data-testid="page-names">
      <p>
        <strong>{t.pageNames}</strong> {confirmation.summary}
      </p>
      <details>
        <summary>{t.evidence}</summary>
        <ul>
          {confirmation.offers.map((offer) => (
            <li key={offer.speakerId}>
              {offer.label} → {offer.name ?? t.unnamed}: <span class="muted">{offer.evidence}</span>
            </li>
          ))}
        </ul>
      </details>
      <div class="row">
        <button type="button" class="small primary" disabled={busy} onClick={() => void use()}>
          {t.useThem}
        </button>
        <button type="button" class="small ghost" onClick={onEdit}>
          {t.edit}
        </button>
      </div>
      {failed > 0 && (
        <p class="alert warn" role="status">
          {t.notApplied(failed)}
        </p>
      )}
    </section>
  );
}
