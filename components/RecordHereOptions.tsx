/**
 * Options → Record here: the stop after silence (lib/recording/silence.ts): 15, 30 or 60 minutes,
 * or never. Chrome only (Firefox records no tab); loaded after the options page's first paint, with
 * its own words in both languages.
 */
import { defineMessages } from '@/lib/i18n';
import { SILENCE_STOP_CHOICES, type SilenceStopMinutes } from '@/lib/recording/types';
import { lang } from './lang';

const texts = defineMessages(
  {
    title: 'Record here',
    silenceStop: 'Stop a recording after a silence of',
    choice: (minutes: number) => (minutes === 0 ? 'Never' : minutes === 60 ? '1 hour' : `${minutes} minutes`),
    hint: 'A recording in which nothing has been heard for this long stops by itself, and the silence at its end is not uploaded or charged. “Still recording?” asks 10 minutes before (at 5 minutes of the 15-minute stop), with Keep recording; a recording never stops for silence while its meeting’s page says the call is on.',
  },
  {
    title: 'Записать здесь',
    silenceStop: 'Останавливать запись после тишины длиной',
    choice: (minutes: number) => (minutes === 0 ? 'Никогда' : minutes === 60 ? '1 час' : `${minutes} минут`),
    hint: 'Запись, в которой столько времени ничего не слышно, останавливается сама, а тишина в её конце не загружается и не оплачивается. «Запись ещё идёт?» спрашивает за 10 минут до этого (через 5 минут при остановке через 15) с кнопкой «Продолжить запись»; пока страница встречи показывает, что звонок идёт, запись из-за тишины не останавливается.',
  },
);

export function RecordHereOptions({
  silenceStopMinutes,
  onChange,
}: {
  silenceStopMinutes: SilenceStopMinutes;
  onChange: (minutes: SilenceStopMinutes) => void;
}) {
  const t = texts[lang.value];
  return (
    <section aria-labelledby="opt-record-here" class="card options-section">
      <h2 id="opt-record-here">{t.title}</h2>
      <div class="field">
        <label for="opt-silence-stop">{t.silenceStop}</label>
        <select
          id="opt-silence-stop"
          value={String(silenceStopMinutes)}
          aria-describedby="opt-silence-stop-hint"
          onChange={(event) => onChange(Number(event.currentTarget.value) as SilenceStopMinutes)}
        >
          {SILENCE_STOP_CHOICES.map((minutes) => (
            <option key={minutes} value={String(minutes)}>
              {t.choice(minutes)}
            </option>
          ))}
        </select>
      </div>
      <span id="opt-silence-stop-hint" class="hint">
        {t.hint}
      </span>
    </section>
  );
}
