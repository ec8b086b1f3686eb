/** The options page's Copy button (the charges log, the diagnostics): it says whether it copied. */
import { useState } from 'preact/hooks';

/**
 * A button that puts `text()` on the clipboard, and beside it a status saying whether it did
 * (`copied`) or not (`failed`, which should say how to copy by hand).
 */
export function CopyButton({
  label,
  text,
  copied,
  failed,
  statusClass,
}: {
  label: string;
  text: () => string;
  copied: string;
  failed: string;
  statusClass: string;
}) {
  const [status, setStatus] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      setStatus(copied);
    } catch {
      setStatus(failed);
    }
  };
  return (
    <div class="row">
      <button type="button" onClick={() => void copy()}>
        {label}
      </button>
      {status && (
        <span role="status" class={statusClass}>
          {status}
        </span>
      )}
    </div>
  );
}
