/** Whose the popup's snapshot is (lib/popup-snapshot): the popup checks it before keeping one. */

/** Who a snapshot belongs to. */
export function accountKey(serviceUrl: string, email: string | undefined): string {
  return `${serviceUrl}\n${email ?? ''}`;
}

/**
 * The account the stored snapshot names, or null when there is none or it cannot be read. Only
 * the account is read here: the first script checks the rest before it paints anything.
 */
export function storedAccount(store: Pick<Storage, 'getItem'>, key: string): string | null {
  try {
    const text = store.getItem(key);
    const account = text === null ? undefined : (JSON.parse(text) as { account?: unknown } | null)?.account;
    return typeof account === 'string' ? account : null;
  } catch {
    return null;
  }
}
