/**
 * Options → Diagnostics: the calendar and meeting pages that changed (lib/page/breakage.ts), which adapter on
 * which host missed which part, since when and how often, and a "Copy report" button that puts
 * them on the clipboard for a bug report. No page content is kept. Read from `storage.local` (only
 * the background writes it).
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { defineMessages } from '@/lib/i18n';
import { meetingServiceName } from '@/lib/meetings';
import { breakageReport, type PageBreakage } from '@/lib/page/breakage';
import { pageBreakagesItem } from '@/lib/storage';
import { CopyButton } from './copy-button';
import { lang } from './lang';

const APPS: Readonly<Record<string, string>> = {
  google: 'Google Calendar',
  yandex: 'Yandex Calendar',
  outlook: 'Outlook',
};

/** The adapters' part names (lib/page/calendars/) in Russian; the report keeps them in English. */
const PARTS_RU: Record<string, string> = {
  'event title': 'название события',
  'peek card time': 'время в карточке события',
  'event body': 'описание события',
  'call state': 'состояние звонка',
  'call frame': 'окно звонка',
  'participant tiles': 'плитки участников звонка',
  'speaking marks': 'отметки того, кто говорит',
};

const texts = defineMessages(
  {
    title: 'Diagnostics',
    hint: 'Calendar and meeting pages whose layout changed: Meeting Capture did not find what it looks for there, and shows no panel or offers no names rather than wrong ones. A recording goes on regardless. Copy the report and send it to the extension’s support. It holds no page content.',
    empty: 'No calendar or meeting page has changed.',
    missing: (app: string, host: string, part: string) => `${app} on ${host}: ${part} not found`,
    seen: (count: number, when: string) => `seen ${count}×, last ${when}`,
    copy: 'Copy report',
    copied: 'Copied.',
    copyFailed: 'The report could not be copied: select the text below and copy it.',
  },
  {
    title: 'Диагностика',
    hint: 'Страницы календарей и встреч, вёрстка которых изменилась: Meeting Capture не нашёл там то, что ищет, и не показывает панель или не предлагает имена, чтобы не показать неверные. Запись при этом продолжается. Скопируйте отчёт и отправьте его в поддержку расширения. Содержимого страниц в нём нет.',
    empty: 'Страницы календарей и встреч не менялись.',
    missing: (app: string, host: string, part: string) => `${app} на ${host}: не найдено — ${part}`,
    seen: (count: number, when: string) => `замечено ${count} раз, последний — ${when}`,
    copy: 'Скопировать отчёт',
    copied: 'Скопировано.',
    copyFailed: 'Не удалось скопировать отчёт: выделите текст ниже и скопируйте его.',
  },
);

export function PageDiagnostics() {
  const language = lang.value;
  const t = texts[language];
  const [list, setList] = useState<PageBreakage[]>([]);
  useEffect(() => {
    const show = (value: unknown) => setList(Array.isArray(value) ? (value as PageBreakage[]) : []);
    void pageBreakagesItem.getValue().then(show, () => show([]));
    return pageBreakagesItem.watch(show);
  }, []);
  const report = breakageReport(list, browser.runtime.getManifest?.().version ?? '');
  const when = (at: number) =>
    new Date(at).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="opt-diagnostics" class="card options-section" data-testid="diagnostics">
      <h2 id="opt-diagnostics">{t.title}</h2>
      <p class="muted small-text">{t.hint}</p>
      {list.length === 0 ? (
        <p class="muted small-text">{t.empty}</p>
      ) : (
        <>
          <ul class="plain-list">
            {[...list].reverse().map((entry) => (
              <li key={`${entry.app} ${entry.host} ${entry.part}`} class="alert warn small-text">
                <strong>
                  {t.missing(
                    APPS[entry.app] ?? meetingServiceName(entry.app, language),
                    entry.host,
                    (language === 'ru' && PARTS_RU[entry.part]) || entry.part,
                  )}
                </strong>{' '}
                {t.seen(entry.count, when(entry.lastAt))}
              </li>
            ))}
          </ul>
          <CopyButton
            label={t.copy}
            text={() => report}
            copied={t.copied}
            failed={t.copyFailed}
            statusClass="muted small-text"
          />
          <pre class="small-text" data-testid="diagnostics-report">
            {report}
          </pre>
        </>
      )}
    </section>
  );
}
