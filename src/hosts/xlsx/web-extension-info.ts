/**
 * The add-in as a workbook file names it: the reference to its manifest (id, version, and the store it is found in),
 * the instance's id in this document, and its task pane (open or not, where, how wide). The document's settings are
 * not here: they are `XlsxDocument.settings`, written as the web extension's properties.
 *
 * Stores, as Microsoft's "Automatically open a task pane with a document" documents them (the autoopen feature):
 * - sideloaded: `store="developer" storeType="Registry"`, id and version from the manifest;
 * - centrally deployed (Microsoft 365 admin center, Integrated apps): `store="EXCatalog" storeType="EXCatalog"`;
 * - a network-share catalog: `store` the share's path (`\\server\share`), `storeType="FileSystem"`.
 * A reference not found is followed by the alternate references in order ([MS-OWEXML] 2.2.7), so one file can name
 * a central deployment first and the sideloaded add-in after it.
 */

export { AUTO_SHOW_SETTING } from '../office-settings';

export interface AddInReference {
  /** The manifest's `<Id>` (a GUID). */
  readonly id: string;
  /** The manifest's `<Version>` (`1.0.0.0`). */
  readonly version: string;
  readonly store: string;
  readonly storeType: string;
}

export interface TaskPaneState {
  /** Whether the pane opens when the file is opened (`visibility="1"`). */
  readonly visible: boolean;
  /** `right`, `left`, ... as Office writes it; may be empty. */
  readonly dockState: string;
  /** In points, as Office writes it. */
  readonly width: number;
  readonly row: number;
  readonly locked: boolean;
}

export interface WebExtensionInfo {
  /** This add-in instance's id in the document (`{GUID}`), not the manifest's id. */
  readonly instanceId: string;
  readonly reference: AddInReference;
  readonly alternateReferences: readonly AddInReference[];
  readonly pane: TaskPaneState;
}

export type AddInDeployment =
  { readonly kind: 'sideloaded' } | { readonly kind: 'central' } | { readonly kind: 'networkShare'; readonly path: string };

export interface AddInManifest {
  readonly id: string;
  readonly version: string;
}

export const DEFAULT_TASK_PANE: TaskPaneState = { visible: true, dockState: 'right', width: 350, row: 0, locked: false };

/** The reference to a manifest as one deployment finds it. */
export function addInReference(manifest: AddInManifest, deployment: AddInDeployment): AddInReference {
  const { id, version } = manifest;
  switch (deployment.kind) {
    case 'sideloaded':
      return { id, version, store: 'developer', storeType: 'Registry' };
    case 'central':
      return { id, version, store: 'EXCatalog', storeType: 'EXCatalog' };
    case 'networkShare':
      return { id, version, store: deployment.path, storeType: 'FileSystem' };
  }
}

/**
 * The add-in part for a file that opens this add-in: the first deployment is the reference, the others its
 * alternates. `instanceId` defaults to a new GUID (pass one for a build that gives the same bytes each time).
 */
export function webExtensionFor(
  manifest: AddInManifest,
  deployments: readonly [AddInDeployment, ...AddInDeployment[]],
  options: { instanceId?: string; pane?: Partial<TaskPaneState> } = {},
): WebExtensionInfo {
  const [primary, ...alternates] = deployments.map((deployment) => addInReference(manifest, deployment));
  if (primary === undefined) throw new Error('An add-in part needs a deployment.');
  return {
    instanceId: options.instanceId ?? newInstanceId(),
    reference: primary,
    alternateReferences: alternates,
    pane: { ...DEFAULT_TASK_PANE, ...options.pane },
  };
}

/** A new `{GUID}` (version 4). From `getRandomValues`: `randomUUID` exists only in secure contexts (a preview on plain HTTP). */
export function newInstanceId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
  return `{${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}}`;
}
