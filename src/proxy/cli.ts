/** `npm run proxy -- --target ORIGIN`: starts the CORS proxy, prints where it listens and where it forwards to. */
import { closeOnSignals, optionsOrExit, runCommand } from '../cli/run';
import { parseCliArgs } from './cli-options';
import { DEFAULT_ALLOWED_ORIGINS, startProxy } from './index';

runCommand(async () => {
  const options = optionsOrExit(parseCliArgs(process.argv.slice(2)));
  const proxy = await startProxy(options);
  console.log(`CORS proxy listening on ${proxy.url}, forwarding to ${proxy.target} only`);
  console.log(`  allowed origins: ${(options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS).join(', ')}`);
  closeOnSignals('proxy', () => proxy.close());
});
