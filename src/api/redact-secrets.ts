/** Replaces every occurrence of a known secret (client secret, access tokens) in a text with `***`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    // Very short values would blank out ordinary words; real secrets and tokens are long.
    if (secret.length >= 6) out = out.split(secret).join('***');
  }
  return out;
}
