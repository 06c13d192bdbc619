/**
 * HTTPS for the dev server, from office-addin-dev-certs' key pair under ~/.office-addin-dev-certs.
 * Installing the CA needs sudo, which containers and CI lack: we only generate (or reuse) the pair and
 * never install anything. Where even that fails, the caller falls back to plain HTTP.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { homedir } from 'node:os';

export interface HttpsPair {
  key: Buffer;
  cert: Buffer;
  ca: Buffer;
}

export async function loadDevCertificates(): Promise<HttpsPair | undefined> {
  const dir = join(homedir(), '.office-addin-dev-certs');
  const files = { ca: join(dir, 'ca.crt'), cert: join(dir, 'localhost.crt'), key: join(dir, 'localhost.key') };
  try {
    if (!existsSync(files.cert) || !existsSync(files.key)) {
      const { generateCertificates } = (await import('office-addin-dev-certs/lib/generate')) as {
        generateCertificates: (ca?: string, cert?: string, key?: string, days?: number) => Promise<void>;
      };
      await generateCertificates(files.ca, files.cert, files.key, 30);
    }
    return { key: readFileSync(files.key), cert: readFileSync(files.cert), ca: readFileSync(files.ca) };
  } catch {
    return undefined;
  }
}
