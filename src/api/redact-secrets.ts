/**
 * The one redaction of the client (issue #25 item 3): every occurrence of a known secret (the client secret, access
 * tokens) in a text becomes `***`, in every form a service may echo it back in:
 * - plain;
 * - URL-encoded (`encodeURIComponent`, `encodeURI`) and form-encoded (`application/x-www-form-urlencoded`: space as
 *   `+`), percent escapes in either case (`%2F`, `%2f`);
 * - JSON-escaped as inside a JSON string (`\"`, `\\`), also with `\/` and with every non-ASCII character as `\uXXXX`
 *   (Python's and PHP's encoders), hex in either case;
 * - HTML-escaped (`&quot;`, `&#39;`, `&amp;`, `&lt;`, `&gt;`), as on an error page.
 * Callers redact a text whole, before they shorten it: a cut first could leave a secret's prefix behind.
 */

/** What a secret becomes. */
export const REDACTED = '***';

/** Values shorter than this are not redacted: they would blank out ordinary words; real secrets and tokens are long. */
const MIN_SECRET_LENGTH = 6;

function formEncoded(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

function jsonEscaped(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

function asciiJsonEscaped(value: string): string {
  return jsonEscaped(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function htmlEscaped(value: string, apostrophe: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, apostrophe);
}

/** Every form of `secret` a text may carry. */
function formsOf(secret: string): string[] {
  const json = jsonEscaped(secret);
  return [
    secret,
    encodeURIComponent(secret),
    encodeURI(secret),
    formEncoded(secret),
    json,
    json.replace(/\//g, '\\/'),
    asciiJsonEscaped(secret),
    asciiJsonEscaped(secret).replace(/\//g, '\\/'),
    htmlEscaped(secret, '&#39;'),
    htmlEscaped(secret, '&#x27;'),
  ];
}

const hexDigit = (digit: string): string => (/[a-f]/i.test(digit) ? `[${digit.toLowerCase()}${digit.toUpperCase()}]` : digit);

/** A regular expression source matching `form` literally, except that the hex digits of its escapes match either case. */
function patternOf(form: string): string {
  return form
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => `%${[...hex].map(hexDigit).join('')}`)
    .replace(/\\\\u([0-9A-Fa-f]{4})/g, (_m, hex: string) => `\\\\u${[...hex].map(hexDigit).join('')}`);
}

/** One expression for all forms of all secrets, longest first (a form that contains another is replaced whole). */
function redactionPattern(secrets: readonly string[]): RegExp | undefined {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH) for (const form of formsOf(secret)) forms.add(form);
  }
  if (forms.size === 0) return undefined;
  const sorted = [...forms].sort((a, b) => b.length - a.length);
  return new RegExp(sorted.map(patternOf).join('|'), 'g');
}

/**
 * Whether a text carries `secret` in any of the forms above (the check before sharing a workbook asks it of every
 * setting and hidden cell); undefined for a value too short to tell from ordinary words.
 */
export function secretMatcher(secret: string): ((text: string) => boolean) | undefined {
  const pattern = redactionPattern([secret]);
  if (pattern === undefined) return undefined;
  const once = new RegExp(pattern.source);
  return (text) => once.test(text);
}

/** `text` with every form of every secret replaced by `***`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const pattern = redactionPattern(secrets);
  return pattern === undefined ? text : text.replace(pattern, REDACTED);
}
