/**
 * The charges log in the options: what the service charged or created more than once, in plain
 * words, and a Copy button that puts the whole log, with its figures, on the clipboard for the
 * service's support. Read from `storage.local` (only the background writes it).
 */
import { useEffect, useState } from 'preact/hooks';
// The modules themselves, not the lib/charges index: that one also holds the background's charge
// watch, with the API client and its schemas.
import { supportText } from '@/lib/charges/log';
import { type ReadChargeLog, readChargeLog } from '@/lib/charges/read';
import { incidentText, incidentTitle } from '@/lib/charges/texts';
import { defineMessages } from '@/lib/i18n';
import { chargeLogItem } from '@/lib/storage';
import { CopyButton } from './copy-button';
import { lang } from './lang';

const texts = defineMessages(
  {
    title: 'Charges log',
    hint: 'Charges and recordings the service made more than once for this browser, with their figures. Copy the log and send it to the service’s support to ask for the time back.',
    empty: 'Nothing was charged or created twice.',
    copy: 'Copy the log',
    copied: 'Copied.',
    copyFailed: 'The log could not be copied: select the text below and copy it.',
    damaged: 'Part of the log stored in this browser could not be read and is not shown.',
  },
  {
    title: 'Журнал списаний',
    hint: 'Списания и записи, которые сервис сделал больше одного раза для этого браузера, с цифрами. Скопируйте журнал и отправьте его в поддержку сервиса, чтобы вернуть время.',
    empty: 'Ничего не было списано или создано дважды.',
    copy: 'Скопировать журнал',
    copied: 'Скопировано.',
    copyFailed: 'Не удалось скопировать журнал: выделите текст ниже и скопируйте его.',
    damaged: 'Часть журнала, сохранённого в этом браузере, не удалось прочитать, и она не показана.',
  },
);

export function ChargesLog() {
  const language = lang.value;
  const t = texts[language];
  const [{ log, damaged }, setRead] = useState<ReadChargeLog>(() => readChargeLog(null));
  useEffect(() => {
    const show = (value: unknown) => setRead(readChargeLog(value));
    void chargeLogItem.getValue().then(show, () => show('unreadable'));
    return chargeLogItem.watch(show);
  }, []);
  const incidents = [...log.incidents].sort((a, b) => b.at - a.at);
  return (
    <section aria-labelledby="opt-charges" class="card options-section" data-testid="charges-log">
      <h2 id="opt-charges">{t.title}</h2>
      <p class="muted small-text">{t.hint}</p>
      {damaged && (
        <p class="alert warn small-text" data-testid="charges-log-damaged">
          {t.damaged}
        </p>
      )}
      {incidents.length === 0 ? (
        <p class="muted small-text">{t.empty}</p>
      ) : (
        <>
          <ul class="plain-list">
            {incidents.map((incident) => (
              <li key={incident.id} class="alert warn small-text">
                <strong>{incidentTitle(incident, language)}</strong> {incidentText(incident, language)}
              </li>
            ))}
          </ul>
          <CopyButton
            label={t.copy}
            text={() => supportText(log, language)}
            copied={t.copied}
            failed={t.copyFailed}
            statusClass="small-text"
          />
        </>
      )}
    </section>
  );
}
