/**
 * What a typed service address becomes, shown under the field as the person types: the URL that
 * will be used ("Will connect to https://example.com" for `example.com`), or one sentence on what
 * is wrong with it. The sign-in form and the options page share it; both parse with
 * `parseServiceUrl`, the same function the background applies.
 */
import { parseServiceUrl, type ServiceUrlProblem } from '@/lib/url/service-url';
import { text } from '../lang';

/** The sentence for a refused address; never repeats what was typed (it may hold a password). */
export function serviceUrlProblemText(problem: ServiceUrlProblem): string {
  return text.value.serviceUrlProblem(problem);
}

/**
 * The line under the field. Nothing for an empty field (the form says so on submit); otherwise
 * the URL that will be used, or the problem.
 */
export function ServiceUrlPreview({ id, value }: { id: string; value: string }) {
  const parsed = parseServiceUrl(value);
  const m = text.value;
  let line: string | null = null;
  if (parsed.ok) line = m.serviceUrlWillConnect(parsed.url);
  else if (parsed.problem !== 'empty') line = m.serviceUrlProblem(parsed.problem);
  return (
    <p
      id={id}
      class={`hint service-url-preview${parsed.ok ? '' : ' problem'}`}
      data-testid="service-url-preview"
      data-state={parsed.ok ? 'ok' : parsed.problem}
      aria-live="polite"
    >
      {line}
    </p>
  );
}
