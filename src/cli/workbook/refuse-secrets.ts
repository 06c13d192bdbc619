/**
 * The bytes about to be written must hold none of the credentials (`scanPackage`): the secret, the client ID, the access
 * tokens of the run; else nothing is written. Values under 6 characters are not searched, as the pane's check before
 * sharing does not search them: a short client ID would match the service's host or a name (`acme` in
 * `api.acme.com`) and refuse every run.
 */
import { scanPackage } from '../../hosts/xlsx';
import { CliError, EXIT } from './exit-codes';

const MIN_SEARCHED = 6;

export async function refuseSecrets(bytes: Uint8Array, secrets: readonly string[]): Promise<void> {
  const scan = await scanPackage(
    bytes,
    secrets.filter((s) => s.length >= MIN_SEARCHED),
  );
  if (!scan.clean)
    throw new CliError(
      EXIT.failed,
      `The file would hold a credential (${scan.findings.map((f) => f.part).join(', ')}): nothing was written.`,
    );
}
