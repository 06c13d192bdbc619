/**
 * The check before sharing a workbook: what it holds (the add-in's tables with their sheets and rows, the connection
 * it remembers, the very hidden sheets and the document settings with their sizes, whether it opens the pane) and
 * whether a secret is in it. The settings (names, values and the names inside them), every cell of the hidden
 * sheets and every cell of the workbook's other sheets (where a user may have pasted one) are searched for each
 * secret the pane knows (`secret-probes.ts`); the settings also for credential-like names (`credentialKey`). A
 * finding names where and what, never the value.
 *
 *   const report = await checkBeforeSharing({ port, pullStates, connection, probes });
 */

import type { WorkbookConnectionReading, WorkbookConnectionStore } from '../connect/workbook-connection';
import { credentialKey, type PullState, type PullStateStore } from '../pull/pull-state';
import type { SecretKind, SecretProbe } from './secret-probes';
import {
  type AddinExtra,
  type HiddenSheetPurpose,
  type HiddenSheetSize,
  type SharedTable,
  type SharePort,
  type StoredSetting,
} from './share-port';
import { textBytes } from './text-bytes';
import { storedGrids, type StoredGrid } from '../plan-grid/grid-placeholder';

/** Where a secret was found. */
export type FindingPlace =
  | { kind: 'setting'; key: string }
  | { kind: 'sheet'; purpose: HiddenSheetPurpose }
  /** A cell of one of the workbook's own sheets (a secret someone typed or pasted). */
  | { kind: 'cells'; sheet: string };

export type SecretFinding =
  | { place: FindingPlace; what: SecretKind; profileName: string }
  /** A setting, or a name inside its value, that names a credential (`clientSecret`, `token`, …). */
  | { place: FindingPlace; what: 'credentialName'; name: string };

export interface SettingSize {
  key: string;
  /** UTF-8 bytes of its name and JSON value. */
  bytes: number;
}

export interface ShareReport {
  tables: SharedTable[];
  connection: WorkbookConnectionReading;
  hiddenSheets: HiddenSheetSize[];
  settings: SettingSize[];
  autoOpen: boolean;
  /** The planning grids the workbook holds (their sheets hold the company's categories and figures). */
  planGrids: StoredGrid[];
  /** The Import table and the Analysis sheet, those the workbook holds (they hold the company's data too). */
  extras: AddinExtra[];
  /** Empty: no secret the pane knows, and no credential-like name, is in the workbook. */
  findings: SecretFinding[];
  /**
   * How many of each kind of secret were searched for: no client secret searched (none saved on this computer, none
   * typed this session) makes an empty `findings` no proof that none is in the workbook.
   */
  searched: Record<SecretKind, number>;
}

export interface ShareCheckDeps {
  port: SharePort;
  pullStates: PullStateStore;
  connection: WorkbookConnectionStore;
  probes: readonly SecretProbe[];
}

export async function checkBeforeSharing(deps: ShareCheckDeps): Promise<ShareReport> {
  const { port, probes } = deps;
  const states = await deps.pullStates.list();
  const findings = new FindingList();
  const tables = await port.tables(addinTableNames(states));
  const connection = await deps.connection.read();
  const settings = await port.settings();
  for (const setting of settings) scanSetting(setting, probes, findings);
  const hiddenSheets = await port.hiddenSheets((purpose, texts) => scanTexts({ kind: 'sheet', purpose }, texts, probes, findings));
  await port.sheetCells?.((sheet, texts) => scanTexts({ kind: 'cells', sheet }, texts, probes, findings));
  return {
    tables,
    connection,
    hiddenSheets,
    settings: settings.map((s) => ({ key: s.key, bytes: textBytes(s.key) + textBytes(s.json) })),
    autoOpen: await port.readAutoOpen(),
    planGrids: storedGrids(settings),
    extras: (await port.extras?.()) ?? [],
    findings: findings.all(),
    searched: searchedKinds(probes),
  };
}

function searchedKinds(probes: readonly SecretProbe[]): Record<SecretKind, number> {
  const searched: Record<SecretKind, number> = { clientId: 0, clientSecret: 0, accessToken: 0 };
  for (const probe of probes) searched[probe.kind] += 1;
  return searched;
}

/** The tables the add-in wrote: each pulled table, and every table a pull stamped (the accounts' balance summary). */
export function addinTableNames(states: readonly PullState[]): string[] {
  const names = new Map<string, string>();
  for (const state of states) {
    for (const name of [state.tableName, ...Object.keys(state.stamps ?? {})])
      if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return [...names.values()];
}

function scanSetting(setting: StoredSetting, probes: readonly SecretProbe[], findings: FindingList): void {
  const place: FindingPlace = { kind: 'setting', key: setting.key };
  for (const name of [setting.key, ...namesInside(setting.json)])
    if (credentialKey(name)) findings.add({ place, what: 'credentialName', name });
  scanTexts(place, [setting.key, setting.json, ...textsInside(setting.json)], probes, findings);
}

function scanTexts(place: FindingPlace, texts: readonly string[], probes: readonly SecretProbe[], findings: FindingList): void {
  for (const probe of probes) {
    if (findings.has(place, probe)) continue;
    if (texts.some((text) => probe.found(text))) findings.add({ place, what: probe.kind, profileName: probe.profileName });
  }
}

/** A setting's value parsed, and a string value that is JSON itself (the add-in's settings hold JSON text) parsed too. */
function parsedValues(json: string): unknown[] {
  const values: unknown[] = [];
  let value: unknown = parse(json);
  while (value !== undefined && values.length < 3) {
    values.push(value);
    value = typeof value === 'string' ? parse(value) : undefined;
  }
  return values;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Every property name inside the value (at any depth). */
function namesInside(json: string): string[] {
  const names: string[] = [];
  walk(parsedValues(json), (value) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) names.push(...Object.keys(value));
  });
  return names;
}

/** Every string inside the value (unescaped), so a secret escaped in the JSON text is found as itself. */
function textsInside(json: string): string[] {
  const texts: string[] = [];
  walk(parsedValues(json), (value) => {
    if (typeof value === 'string') texts.push(value);
  });
  return texts;
}

function walk(values: readonly unknown[], visit: (value: unknown) => void): void {
  const stack = [...values];
  while (stack.length > 0) {
    const value = stack.pop();
    visit(value);
    if (value !== null && typeof value === 'object') stack.push(...(Array.isArray(value) ? value : Object.values(value)));
  }
}

/** Findings, each place, kind and profile once. */
class FindingList {
  readonly #findings: SecretFinding[] = [];
  readonly #seen = new Set<string>();

  add(finding: SecretFinding): void {
    const key = keyOf(finding.place, finding.what, finding.what === 'credentialName' ? finding.name : finding.profileName);
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    this.#findings.push(finding);
  }

  has(place: FindingPlace, probe: SecretProbe): boolean {
    return this.#seen.has(keyOf(place, probe.kind, probe.profileName));
  }

  all(): SecretFinding[] {
    return [...this.#findings];
  }
}

function keyOf(place: FindingPlace, what: string, who: string): string {
  const where = place.kind === 'setting' ? place.key : place.kind === 'cells' ? place.sheet : place.purpose;
  return JSON.stringify([where, place.kind, what, who]);
}
