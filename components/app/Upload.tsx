import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ALLOWED_EXTENSIONS, contentTypeFor, extensionOf, normalizeTitle } from '@/lib/api/titles';
import { storeFileForUpload } from '@/lib/file-store';
import { formatBytes } from '@/lib/format/time';
import { type ErrorInfo, sendMessage } from '@/lib/messaging';
import { lang, text } from '../lang';
import { ErrorMessage } from '../ui';
import { requestMissingOrigins } from './permission';
import { addJob, autoProcessDefault, currentSpace, notice, spaceId } from './store';

const ALLOWED_LIST = ALLOWED_EXTENSIONS.join(', ');

export interface PickedFile {
  file: File;
  /** The title to send (normalized: allowed extension, at most 255 characters), or null. */
  title: string | null;
  /** Why the file cannot be uploaded. */
  problem: string | null;
  shortened: boolean;
}

/** Checks a picked file before anything is stored or sent. */
export function checkFile(file: File, m = text.value): PickedFile {
  if (extensionOf(file.name.trim()) === null) {
    return { file, title: null, problem: m.badExtension(file.name, ALLOWED_LIST), shortened: false };
  }
  if (file.size === 0) return { file, title: null, problem: m.emptyFile(file.name), shortened: false };
  try {
    const title = normalizeTitle(file.name);
    return { file, title, problem: null, shortened: title !== file.name.trim() };
  } catch {
    return { file, title: null, problem: m.badExtension(file.name, ALLOWED_LIST), shortened: false };
  }
}

function FileUpload({ onStarted, missing }: { onStarted: () => void; missing: string[] }) {
  const m = text.value;
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const [process, setProcess] = useState(autoProcessDefault.value);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const valid = picked.filter((entry) => entry.title !== null);

  const start = async (event: Event) => {
    event.preventDefault();
    const id = spaceId.value;
    if (id === null || valid.length === 0) return;
    // First, inside the click: access to the service and its upload storage, if not granted yet.
    const access = requestMissingOrigins(missing);
    setBusy(true);
    setError(null);
    try {
      if (!(await access)) {
        setError({ kind: 'permission-denied', origin: missing.join(', ') });
        return;
      }
      for (const entry of valid) {
        const fileKey = await storeFileForUpload(entry.file);
        const title = entry.title!;
        const answer = await sendMessage('upload.file', {
          spaceId: id,
          fileKey,
          title,
          contentType: entry.file.type || contentTypeFor(title) || 'application/octet-stream',
          size: entry.file.size,
          process,
        });
        if (!answer.ok) {
          setError(answer.error);
          return;
        }
        addJob(answer.data);
      }
      setPicked([]);
      onStarted();
    } catch (thrown) {
      setError({ kind: 'internal', message: thrown instanceof Error ? thrown.message : String(thrown) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <UploadCard
      id="upload-file-title"
      title={m.uploadFile}
      onSubmit={start}
      process={process}
      setProcess={setProcess}
      error={error}
      disabled={busy || valid.length === 0}
      submit={m.uploadStart(valid.length)}
    >
      <div class="field">
        <label for="upload-files">{m.chooseFiles}</label>
        <input
          id="upload-files"
          type="file"
          multiple
          accept={[...ALLOWED_EXTENSIONS, 'audio/*', 'video/*'].join(',')}
          aria-describedby="upload-allowed"
          onChange={(event) =>
            setPicked([...(event.currentTarget.files ?? [])].map((file) => checkFile(file)))
          }
        />
        <span id="upload-allowed" class="hint">
          {m.allowedTypes(ALLOWED_LIST)}
        </span>
      </div>
      {picked.length > 0 && (
        <ul class="plain-list picked" data-testid="picked-files">
          {picked.map((entry) => (
            <li key={`${entry.file.name}:${entry.file.size}:${entry.file.lastModified}`}>
              {entry.problem ? (
                <div class="alert error small-text" role="alert" data-testid="file-problem">
                  {entry.problem}
                </div>
              ) : (
                <div class="small-text">
                  <span class="picked-name">{entry.title}</span>{' '}
                  <span class="muted">{formatBytes(entry.file.size, lang.value)}</span>
                  {entry.shortened && entry.title && (
                    <div class="muted" data-testid="title-shortened">
                      {m.titleShortened(entry.title)}
                    </div>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </UploadCard>
  );
}

function UrlUpload({ onStarted, missing }: { onStarted: () => void; missing: string[] }) {
  const m = text.value;
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [process, setProcess] = useState(autoProcessDefault.value);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);

  const submit = async (event: Event) => {
    event.preventDefault();
    const id = spaceId.value;
    if (id === null) return;
    const link = url.trim();
    try {
      const { protocol } = new URL(link);
      if (protocol !== 'http:' && protocol !== 'https:') throw new Error('scheme');
    } catch {
      setProblem(m.invalidUrl);
      return;
    }
    if (link.length > 255) {
      setProblem(m.urlTooLong);
      return;
    }
    let name: string | undefined;
    if (title.trim() !== '') {
      try {
        name = normalizeTitle(title);
      } catch {
        setProblem(m.badExtension(title.trim(), ALLOWED_LIST));
        return;
      }
    }
    setProblem(null);
    setError(null);
    const access = requestMissingOrigins(missing);
    setBusy(true);
    if (!(await access)) {
      setBusy(false);
      setError({ kind: 'permission-denied', origin: missing.join(', ') });
      return;
    }
    const answer = await sendMessage('upload.url', {
      spaceId: id,
      url: link,
      ...(name ? { title: name } : {}),
      process,
    });
    setBusy(false);
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    addJob(answer.data);
    setUrl('');
    setTitle('');
    onStarted();
  };

  return (
    <UploadCard
      id="upload-url-title"
      title={m.uploadByUrl}
      onSubmit={submit}
      process={process}
      setProcess={setProcess}
      problem={problem}
      error={error}
      disabled={busy || url.trim() === ''}
      submit={m.submitUrl}
    >
      <div class="field">
        <label for="upload-url">{m.fileUrl}</label>
        <input
          id="upload-url"
          type="url"
          inputMode="url"
          value={url}
          aria-describedby="upload-url-hint"
          onInput={(event) => setUrl(event.currentTarget.value)}
        />
        <span id="upload-url-hint" class="hint">
          {m.fileUrlHint}
        </span>
      </div>
      <div class="field">
        <label for="upload-url-title-input">{m.titleOptional}</label>
        <input
          id="upload-url-title-input"
          type="text"
          value={title}
          onInput={(event) => setTitle(event.currentTarget.value)}
        />
      </div>
    </UploadCard>
  );
}

/**
 * The frame both upload forms share: the card and its heading, the "process when uploaded"
 * switch, the problem in plain words, the service's error and the submit button.
 */
function UploadCard(props: {
  id: string;
  title: string;
  onSubmit: (event: Event) => Promise<void>;
  process: boolean;
  setProcess: (process: boolean) => void;
  problem?: string | null;
  error: ErrorInfo | null;
  disabled: boolean;
  submit: string;
  children: ComponentChildren;
}) {
  const m = text.value;
  return (
    <form
      onSubmit={(event) => void props.onSubmit(event)}
      aria-labelledby={props.id}
      class="card upload-card"
    >
      <h3 id={props.id} class="label">
        {props.title}
      </h3>
      {props.children}
      <label class="check">
        <input
          type="checkbox"
          checked={props.process}
          onChange={(event) => props.setProcess(event.currentTarget.checked)}
        />
        {m.processWhenUploaded}
      </label>
      {props.problem && (
        <div class="alert error" role="alert">
          {props.problem}
        </div>
      )}
      <ErrorMessage error={props.error} />
      <button type="submit" class="primary" disabled={props.disabled} style={{ marginTop: '8px' }}>
        {props.submit}
      </button>
    </form>
  );
}

/** Upload of local files and of direct links into the current space. */
export function Upload({ onBack }: { onBack: () => void }) {
  const m = text.value;
  // Known before the click, so the permission prompt can open inside it.
  const [missing, setMissing] = useState<string[]>([]);
  useEffect(() => {
    void sendMessage('service.origins', {}).then((answer) => {
      if (answer.ok) setMissing(answer.data.missing);
    });
  }, []);
  const done = (message: string) => {
    notice.value = message;
    onBack();
  };
  return (
    <section aria-labelledby="upload-title" data-testid="upload">
      <div class="row">
        <button type="button" class="ghost small" onClick={onBack}>
          ← {m.back}
        </button>
      </div>
      <h2 id="upload-title" class="section-title">
        {m.uploadTitle}
      </h2>
      {currentSpace.value && <p class="muted small-text">{m.uploadTo(currentSpace.value.name)}</p>}
      <FileUpload missing={missing} onStarted={() => done(m.uploadStarted)} />
      <UrlUpload missing={missing} onStarted={() => done(m.urlSubmitted)} />
    </section>
  );
}
