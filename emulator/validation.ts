/** Field validation with Django REST Framework's behaviour and wording. */
import { type FieldErrors, pythonType } from './http';

export const MESSAGES = {
  required: 'This field is required.',
  null: 'This field may not be null.',
  blank: 'This field may not be blank.',
  notString: 'Not a valid string.',
  maxLength: (n: number) => `Ensure this field has no more than ${n} characters.`,
  integer: 'A valid integer is required.',
  integerTooLong: 'String value too large.',
  minValue: (n: number) => `Ensure this value is greater than or equal to ${n}.`,
  maxValue: (n: number) => `Ensure this value is less than or equal to ${n}.`,
  url: 'Enter a valid URL.',
  choice: (value: string) => `"${value}" is not a valid choice.`,
  notAList: (value: unknown) => `Expected a list of items but got type "${pythonType(value)}".`,
  emptyList: 'This list may not be empty.',
  extension: (ext: string, allowed: readonly string[]) =>
    `File extension “${ext}” is not allowed. Allowed extensions are: ${allowed.map((e) => e.replace(/^\./, '')).join(', ')}.`,
};

/** Django's URLValidator (schemes limited to http and https). */
const UL = '\\u00a1-\\uffff';
const IPV4 =
  '(?:0|25[0-5]|2[0-4][0-9]|1[0-9]?[0-9]?|[1-9][0-9]?)(?:\\.(?:0|25[0-5]|2[0-4][0-9]|1[0-9]?[0-9]?|[1-9][0-9]?)){3}';
const IPV6 = '\\[[0-9a-f:.]+\\]';
const HOSTNAME = `[a-z${UL}0-9](?:[a-z${UL}0-9-]{0,61}[a-z${UL}0-9])?`;
const DOMAIN = `(?:\\.(?!-)[a-z${UL}0-9-]{1,63}(?<!-))*`;
const TLD = `\\.(?!-)(?:[a-z${UL}-]{2,63}|xn--[a-z0-9]{1,59})(?<!-)\\.?`;
const HOST = `(${HOSTNAME}${DOMAIN}${TLD}|localhost)`;
const URL_RE = new RegExp(
  `^(?:[a-z0-9.+-]*)://(?:[^\\s:@/]+(?::[^\\s:@/]*)?@)?(?:${IPV4}|${IPV6}|${HOST})(?::([0-9]{1,5}))?(?:[/?#][^\\s]*)?$`,
  'iu',
);
const URL_SCHEMES = ['http', 'https'];

function isValidUrl(value: string): boolean {
  if (value.length > 2048 || /[\t\r\n]/.test(value)) return false;
  const scheme = value.split('://')[0]?.toLowerCase() ?? '';
  if (!URL_SCHEMES.includes(scheme)) return false;
  const match = URL_RE.exec(value);
  if (!match) return false;
  const port = match[2];
  return port === undefined || Number(port) <= 65535;
}

interface StringOptions {
  required?: boolean;
  maxLength?: number;
  allowBlank?: boolean;
  trim?: boolean;
}

interface IntegerOptions {
  required?: boolean;
  min?: number;
  max?: number;
}

/** Collects errors field by field, as a DRF serializer does. */
export class Validator {
  readonly errors: FieldErrors = {};

  constructor(private readonly data: Record<string, unknown>) {}

  get valid(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  add(field: string, message: string): void {
    if (!this.errors[field]) this.errors[field] = [];
    this.errors[field].push(message);
  }

  has(field: string): boolean {
    return Object.hasOwn(this.data, field);
  }

  /** CharField: numbers become strings, whitespace is trimmed, then blank and length checks. */
  string(field: string, { required = true, maxLength, allowBlank = false, trim = true }: StringOptions = {}) {
    if (!this.has(field)) {
      if (required) this.add(field, MESSAGES.required);
      return undefined;
    }
    const raw = this.data[field];
    if (raw === null) {
      this.add(field, MESSAGES.null);
      return undefined;
    }
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      this.add(field, MESSAGES.notString);
      return undefined;
    }
    let value = String(raw);
    if (trim) value = value.trim();
    if (value === '' && !allowBlank) {
      this.add(field, MESSAGES.blank);
      return undefined;
    }
    if (maxLength !== undefined && [...value].length > maxLength) {
      this.add(field, MESSAGES.maxLength(maxLength));
      return undefined;
    }
    return value;
  }

  /** IntegerField: accepts integers, integral floats and numeric strings such as "12" or "12.0". */
  integer(field: string, { required = true, min, max }: IntegerOptions = {}) {
    if (!this.has(field)) {
      if (required) this.add(field, MESSAGES.required);
      return undefined;
    }
    const value = toInteger(this.data[field]);
    if (value === 'null') {
      this.add(field, MESSAGES.null);
      return undefined;
    }
    if (value === 'too-long') {
      this.add(field, MESSAGES.integerTooLong);
      return undefined;
    }
    if (value === null) {
      this.add(field, MESSAGES.integer);
      return undefined;
    }
    if (min !== undefined && value < min) {
      this.add(field, MESSAGES.minValue(min));
      return undefined;
    }
    if (max !== undefined && value > max) {
      this.add(field, MESSAGES.maxValue(max));
      return undefined;
    }
    return value;
  }

  /** URLField: every failing check adds its message (DRF runs all validators). */
  url(field: string, maxLength: number) {
    const value = this.string(field);
    if (value === undefined) return undefined;
    let ok = true;
    if ([...value].length > maxLength) {
      this.add(field, MESSAGES.maxLength(maxLength));
      ok = false;
    }
    if (!isValidUrl(value)) {
      this.add(field, MESSAGES.url);
      ok = false;
    }
    return ok ? value : undefined;
  }

  choice<T extends string>(field: string, choices: readonly T[], fallback?: T): T | undefined {
    if (!this.has(field)) {
      if (fallback === undefined) this.add(field, MESSAGES.required);
      return fallback;
    }
    const raw = this.data[field];
    if (raw === null) {
      this.add(field, MESSAGES.null);
      return undefined;
    }
    const text = typeof raw === 'string' ? raw : JSON.stringify(raw);
    if (!(choices as readonly string[]).includes(text)) {
      this.add(field, MESSAGES.choice(text));
      return undefined;
    }
    return text as T;
  }

  list(field: string): unknown[] | undefined {
    if (!this.has(field)) {
      this.add(field, MESSAGES.required);
      return undefined;
    }
    const raw = this.data[field];
    if (raw === null) {
      this.add(field, MESSAGES.null);
      return undefined;
    }
    if (!Array.isArray(raw)) {
      this.add(field, MESSAGES.notAList(raw));
      return undefined;
    }
    if (raw.length === 0) {
      this.add(field, MESSAGES.emptyList);
      return undefined;
    }
    return raw;
  }
}

/** DRF IntegerField.to_internal_value: `int(re.sub(r'\.0*\s*$', '', str(data)))`. */
export function toInteger(raw: unknown): number | null | 'null' | 'too-long' {
  if (raw === null || raw === undefined) return 'null';
  if (typeof raw === 'number') return Number.isInteger(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  if (raw.length > 1000) return 'too-long';
  const text = raw.replace(/\.0*\s*$/, '').trim();
  if (!/^[+-]?\d+(_\d+)*$/.test(text)) return null;
  const value = Number(text.replace(/_/g, ''));
  return Number.isSafeInteger(value) ? value : null;
}
