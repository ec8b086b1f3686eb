/**
 * The answer to a question ("Ask your meetings"): the moments that answer it, grouped by meeting,
 * best first, each a link to the viewer at that utterance (`at=<block>.<utterance>`), with the
 * meeting's title and date, the speaker (the name in force) and the time. Labelled as suggestions:
 * they are found by the question's words, and the person checks them in the transcript.
 */

import { speakerLabel } from '@/lib/format/speakers';
import { formatClock, formatDateTime } from '@/lib/format/time';
import type { AskOutcome } from '@/lib/grounding/archive-ask';
import { lang } from '../lang';
import { utteranceUrl } from './links';
import { searchText } from './texts';

/** Characters of an utterance shown in an answer (the whole of it is one click away). */
const SHOWN_CHARACTERS = 400;

/** A long utterance cut at a word near `SHOWN_CHARACTERS`, with an ellipsis. */
export function clip(text: string, max = SHOWN_CHARACTERS): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.7 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function AskAnswers({
  outcome,
  spaceName,
  showSpace,
  newTab,
  busy,
}: {
  outcome: AskOutcome;
  spaceName: (id: number) => string;
  showSpace: boolean;
  newTab: boolean;
  busy: boolean;
}) {
  const t = searchText.value;
  const target = newTab ? { target: '_blank', rel: 'noopener' } : {};
  return (
    <div class="meeting-hits ask-answers" data-testid="ask-answers" aria-busy={busy}>
      <p class="muted small-text ask-note">{t.askNote}</p>
      {outcome.meetings.map((meeting) => (
        <section
          key={meeting.key}
          class="meeting-hit"
          aria-labelledby={`answer-${meeting.key}`}
          data-testid="ask-meeting"
        >
          <h3 id={`answer-${meeting.key}`} class="meeting-hit-title">
            {meeting.title}
          </h3>
          <p class="muted small-text">
            {meeting.createdAt ? formatDateTime(meeting.createdAt, lang.value) : ''}
            {showSpace ? ` · ${spaceName(meeting.spaceId)}` : ''}
          </p>
          <ul class="hits">
            {meeting.hits.map((hit) => {
              const who = speakerLabel(hit.speaker, lang.value);
              const when = formatClock(hit.start);
              const text = clip(hit.text);
              return (
                <li key={`${hit.block}.${hit.utterance}`}>
                  <a
                    class="hit"
                    data-testid="ask-hit"
                    href={utteranceUrl(meeting.spaceId, meeting.audioId, hit.block, hit.utterance)}
                    aria-label={`${t.answerLabel(who, when, meeting.title)}: ${text}`}
                    {...target}
                  >
                    <span class="hit-meta">
                      <span class="hit-time">{when}</span> <span class="hit-speaker">{who}</span>
                    </span>
                    <span class="hit-text">{text}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
