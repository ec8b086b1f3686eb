/**
 * The user's own names in "Open items": the suggestion (from the account's address and the meeting
 * page's own tile) said to be one, or the names chosen; "Choose your names" lists every owner.
 */
import { useEffect, useState } from 'preact/hooks';
import { Notice } from '../ui';
import { itemsText } from './texts';

export function YourNames({
  people,
  mine,
  confirmed,
  onSave,
}: {
  people: string[];
  mine: string[];
  confirmed: boolean;
  onSave: (names: string[]) => Promise<boolean>;
}) {
  const t = itemsText.value;
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(mine));
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => setChosen(new Set(mine)), [mine.join('\n')]);
  const save = async (names: string[]) => setSaved((await onSave(names)) ? t.namesSaved : t.notChanged);
  return (
    <div class="open-items-names" data-testid="your-names">
      <p class="small-text">
        {mine.length === 0
          ? t.mineUnknown
          : confirmed
            ? t.yourNamesChosen(mine.join(', '))
            : t.yourNamesSuggested(mine.join(', '))}
      </p>
      {people.length > 0 && (
        <details>
          <summary>{t.chooseNames}</summary>
          <fieldset class="open-items-names-choice">
            <legend>{t.namesLegend}</legend>
            {people.map((name) => (
              <label key={name} class="row">
                <input
                  type="checkbox"
                  checked={chosen.has(name)}
                  onChange={(event) => {
                    const next = new Set(chosen);
                    if ((event.currentTarget as HTMLInputElement).checked) next.add(name);
                    else next.delete(name);
                    setChosen(next);
                  }}
                />
                {name}
              </label>
            ))}
            <div class="row wrap">
              <button type="button" class="small" onClick={() => void save([...chosen])}>
                {t.confirmNames}
              </button>
              {confirmed && (
                <button type="button" class="small ghost" onClick={() => void save([])}>
                  {t.useSuggestion}
                </button>
              )}
            </div>
          </fieldset>
        </details>
      )}
      {saved && <Notice>{saved}</Notice>}
    </div>
  );
}
