/**
 * The bytes about to be written must hold none of the credentials (`scanPackage`): the secret, the client ID, the access
 * tokens of the run; else nothing is written.
 */
import { scanPackage } from '../../hosts/xlsx';
import { CliError, EXIT } from './exit-codes';

export async function refuseSecrets(bytes: Uint8Array, secrets: readonly string[]): Promise<void> {
  const scan = await scanPackage(
    bytes,
    secrets.filter((s) => s.length >= 4),
  );
  if (!scan.clean)
    throw new CliError(
      EXIT.failed,
      `The file would hold a credential (${scan.findings.map((f) => f.part).join(', ')}): nothing was written.`,
    );
}
