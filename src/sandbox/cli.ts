/** `npm run sandbox`: starts the sandbox, prints the base URL and the demo credentials. */
import { parseCliArgs } from './cli-options';
import { startSandbox } from './index';

async function main(): Promise<void> {
  const parsed = parseCliArgs(process.argv.slice(2));
  if (!parsed.ok) {
    if (parsed.exitCode === 0) console.log(parsed.message);
    else console.error(parsed.message);
    process.exit(parsed.exitCode);
  }
  const sandbox = await startSandbox(parsed.options);
  const { company, group, basic } = sandbox.credentials;
  console.log(`Cash-flow sandbox listening on ${sandbox.url}`);
  console.log(`  token endpoint: ${sandbox.url}/auth/token/`);
  console.log(`  company (business edition, id ${sandbox.companyIds.demo}): ${company.clientId} / ${company.clientSecret}`);
  console.log(`  group (enterprise, companies ${sandbox.companyIds.group.join(', ')}): ${group.clientId} / ${group.clientSecret}`);
  console.log(`  basic edition (no API, id ${sandbox.companyIds.basic}): ${basic.clientId} / ${basic.clientSecret}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the sandbox`);
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
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
