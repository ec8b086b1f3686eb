/** Whose the popup's snapshot is (lib/popup-snapshot): the popup checks it before keeping one. */

/** Who a snapshot belongs to. */
export function accountKey(serviceUrl: string, email: string | undefined): string {
  return `${serviceUrl}\n${email ?? ''}`;
}

/**
 * The account and page language the stored snapshot names, or null when there is none or it
 * cannot be read. Only these are read here: the first script checks the rest before it paints.
 */
export function storedOwner(
  store: Pick<Storage, 'getItem'>,
  key: string,
): { account: string; lang: string } | null {
  try {
    const text = store.getItem(key);
    const value = text === null ? null : (JSON.parse(text) as { account?: unknown; lang?: unknown } | null);
    const { account, lang } = value ?? {};
    return typeof account === 'string' && typeof lang === 'string' ? { account, lang } : null;
  } catch {
    return null;
  }
}

/** The account the stored snapshot names, or null when there is none or it cannot be read. */
export function storedAccount(store: Pick<Storage, 'getItem'>, key: string): string | null {
  return storedOwner(store, key)?.account ?? null;
}
