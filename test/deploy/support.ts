/** The deployment tests' loopback helpers: a self-signed key pair (openssl), HTTPS requests that trust it. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface KeyPair {
  cert: Buffer;
  key: Buffer;
  certFile: string;
  keyFile: string;
}

/**
 * A self-signed certificate for addin.example.com, localhost and 127.0.0.1 (openssl, as Debian ships it: node:crypto
 * makes no certificates). Valid two days: made per test file.
 */
export function selfSignedPair(): KeyPair {
  const dir = mkdtempSync(join(tmpdir(), 'cashflow-cert-'));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-subj',
      '/CN=addin.example.com',
      '-addext',
      'subjectAltName=DNS:addin.example.com,DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return { cert: readFileSync(certFile), key: readFileSync(keyFile), certFile, keyFile };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

/** One HTTPS request to `origin` + `path` (the path sent as written, not normalized; trusting `ca` only), read whole. */
export function httpsRequest(
  origin: string,
  path: string,
  ca: Buffer,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    const target = { hostname, port, path, method: options.method ?? 'GET', headers: options.headers, ca, servername: 'localhost' };
    const req = request(target, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, text: body.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
