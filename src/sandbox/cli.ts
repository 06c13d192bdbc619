/** `npm run sandbox`: starts the sandbox, prints the base URL and the demo credentials. */
import { closeOnSignals, optionsOrExit, runCommand } from '../cli/run';
import { parseCliArgs } from './cli-options';
import { startSandbox } from './index';

runCommand(async () => {
  const sandbox = await startSandbox(optionsOrExit(parseCliArgs(process.argv.slice(2))));
  const { company, group, basic } = sandbox.credentials;
  console.log(`Cash-flow sandbox listening on ${sandbox.url}`);
  console.log(`  token endpoint: ${sandbox.url}/auth/token/`);
  console.log(`  company (business edition, id ${sandbox.companyIds.demo}): ${company.clientId} / ${company.clientSecret}`);
  console.log(`  group (enterprise, companies ${sandbox.companyIds.group.join(', ')}): ${group.clientId} / ${group.clientSecret}`);
  console.log(`  basic edition (no API, id ${sandbox.companyIds.basic}): ${basic.clientId} / ${basic.clientSecret}`);
  closeOnSignals('sandbox', () => sandbox.close());
});
