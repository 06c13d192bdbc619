/** `npm run serve -- --origin … --service … --cert … --key …`: the add-in and its proxy from one HTTPS server. */
import { readFileSync } from 'node:fs';
import { closeOnSignals, optionsOrExit, runCommand } from '../cli/run';
import { startAddinServer } from './addin-server';
import { parseCliArgs } from './cli-options';

/** A PEM file's text, or an Error naming the flag and the file. */
function pem(flag: string, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw new Error(`--${flag} ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}; give the path of a PEM file.`, {
      cause: error,
    });
  }
}

runCommand(async () => {
  const options = optionsOrExit(parseCliArgs(process.argv.slice(2)));
  const server = await startAddinServer({ ...options, cert: pem('cert', options.certFile), key: pem('key', options.keyFile) });
  console.log(`Serving ${options.dist} (built for ${server.origin}) on ${server.url}`);
  console.log(`  manifest for the admin center or sideloading: ${server.origin}/manifest.xml`);
  console.log(`  ${server.service} through ${server.serviceUrl}: the base URL colleagues give in Connect`);
  closeOnSignals('server', () => server.close());
});
