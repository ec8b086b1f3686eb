/**
 * What a typed service address becomes, shown under the field as the person types: the URL that
 * will be used ("Will connect to https://example.com" for `example.com`), or one sentence on what
 * is wrong with it. The sign-in form and the options page share it; both parse with
 * `parseServiceUrl`, the same function the background applies.
 */
import { defineMessages } from '@/lib/i18n';
import { parseServiceUrl, type ServiceUrlProblem } from '@/lib/url/service-url';
import { lang } from '../lang';

export const serviceUrlTexts = defineMessages(
  {
    willConnect: (url: string) => `Will connect to ${url}`,
    empty: 'Enter the address of the service, for example example.com.',
    invalid: 'This is not a web address. Enter the address of the service, for example example.com.',
    scheme: 'Only https:// addresses can be used (plain http:// only for a service on this computer).',
    insecure:
      'Plain http:// is allowed only for a service on this computer (localhost, 127.0.0.1). Use https:// so that the password and the session are encrypted.',
    credentials:
      'A user name or password inside the address is not accepted: remove the part up to “@” and sign in with the email and password fields.',
    query:
      'The address cannot contain “?” or “#”: enter only the address of the service, for example https://example.com.',
  },
  {
    willConnect: (url: string) => `Подключение к ${url}`,
    empty: 'Введите адрес сервиса, например example.com.',
    invalid: 'Это не веб-адрес. Введите адрес сервиса, например example.com.',
    scheme:
      'Можно использовать только адреса https:// (простой http:// — только для сервиса на этом компьютере).',
    insecure:
      'Простой http:// разрешён только для сервиса на этом компьютере (localhost, 127.0.0.1). Используйте https://, чтобы пароль и сеанс передавались в зашифрованном виде.',
    credentials:
      'Имя пользователя или пароль внутри адреса не принимаются: удалите часть до «@» и войдите с помощью полей адреса почты и пароля.',
    query:
      'Адрес не может содержать «?» или «#»: введите только адрес сервиса, например https://example.com.',
  },
);

/** The sentence for a refused address; never repeats what was typed (it may hold a password). */
export function serviceUrlProblemText(problem: ServiceUrlProblem): string {
  return serviceUrlTexts[lang.value][problem];
}

/**
 * The line under the field. Nothing for an empty field (the form says so on submit); otherwise
 * the URL that will be used, or the problem.
 */
export function ServiceUrlPreview({ id, value }: { id: string; value: string }) {
  const parsed = parseServiceUrl(value);
  const t = serviceUrlTexts[lang.value];
  let line: string | null = null;
  if (parsed.ok) line = t.willConnect(parsed.url);
  else if (parsed.problem !== 'empty') line = t[parsed.problem];
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
