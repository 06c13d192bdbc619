/** `npm run proxy -- --target ORIGIN`: starts the CORS proxy, prints where it listens and where it forwards to. */
import { parseCliArgs } from './cli-options';
import { DEFAULT_ALLOWED_ORIGINS, startProxy } from './index';

async function main(): Promise<void> {
  const parsed = parseCliArgs(process.argv.slice(2));
  if (!parsed.ok) {
    if (parsed.exitCode === 0) console.log(parsed.message);
    else console.error(parsed.message);
    process.exit(parsed.exitCode);
  }
  const proxy = await startProxy(parsed.options);
  console.log(`CORS proxy listening on ${proxy.url}, forwarding to ${proxy.target} only`);
  console.log(`  allowed origins: ${(parsed.options.allowedOrigins ?? DEFAULT_ALLOWED_ORIGINS).join(', ')}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the proxy`);
    proxy.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
