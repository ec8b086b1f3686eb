/**
 * The failure sentences of the pages (lib/failures and the service's error texts of lib/api),
 * loaded when first needed instead of with the page's first script: most openings show no error.
 * Pages preload them after the first paint (`loadFailureTexts`); a view that must show a failure
 * before they are in shows nothing there (never a sentence in the wrong language) and renders it
 * as soon as they arrive (the describers below read a signal, so the view re-renders).
 * The language's own sentences come with its catalog (components/catalog.ts).
 */
import { signal } from '@preact/signals';
import type { FailureContext } from '@/lib/failures/describe';
import type { Lang } from '@/lib/i18n';
import type { JobFailure } from '@/lib/jobs/types';
import type { ErrorInfo } from '@/lib/messaging';

export type FailureDescriber = typeof import('@/lib/failures/describe');

const describer = signal<FailureDescriber | null>(null);
let pending: Promise<FailureDescriber> | undefined;

/** Loads the describer (once); resolves when failures can be worded. */
export function loadFailureTexts(): Promise<FailureDescriber> {
  pending ??= import('@/lib/failures/describe').then(
    (module) => {
      describer.value = module;
      return module;
    },
    (error: unknown) => {
      pending = undefined; // a later render tries again
      throw error;
    },
  );
  return pending;
}

/** The describer if loaded (the caller re-renders when it arrives), else null and loading starts. */
function loaded(): FailureDescriber | null {
  const current = describer.value;
  if (!current) loadFailureTexts().catch((error: unknown) => console.warn('failure texts not loaded', error));
  return current;
}

/** `describeError` of lib/failures, or '' until the sentences are loaded. */
export function describeError(error: ErrorInfo, lang: Lang, context?: FailureContext): string {
  return loaded()?.describeError(error, lang, context) ?? '';
}

/** `describeJobFailure` of lib/failures, or '' until the sentences are loaded. */
export function describeJobFailure(
  failure: JobFailure | undefined,
  lang: Lang,
  context?: FailureContext,
): string {
  return loaded()?.describeJobFailure(failure, lang, context) ?? '';
}

/** `describeSignInError` of lib/failures, or '' until the sentences are loaded. */
export function describeSignInError(error: ErrorInfo, lang: Lang, serviceUrl?: string): string {
  return loaded()?.describeSignInError(error, lang, serviceUrl) ?? '';
}
