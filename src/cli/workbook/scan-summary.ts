/** The secret scan as `inspect` reports it: clean or not, what was looked for, each finding (never the secret). */
import type { PackageScan } from '../../hosts/xlsx/package-secret-scan';

export interface ScanSummary {
  clean: boolean;
  /** How many secrets were looked for (besides credential-like names). */
  secretsLookedFor: number;
  parts: number;
  findings: PackageScan['findings'];
}

export function scanSummary(scan: PackageScan, secrets: number): ScanSummary {
  return { clean: scan.clean, secretsLookedFor: secrets, parts: scan.parts.length, findings: scan.findings };
}
