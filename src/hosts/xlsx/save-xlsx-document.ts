/**
 * A workbook file's bytes: `saveWorkbook` writes what exceljs knows (big tables' bodies streamed in at the end), then the package gets the add-in's parts
 * exceljs does not write. Steps: the workbook → the web-extension part (reference, alternates, the settings as its
 * properties) → the task panes part pointing at it → the package's relationship to the task panes → both parts'
 * content types. The pane opens with the file (`visibility="1"`) exactly when the setting
 * `Office.AutoShowTaskpaneWithDocument` is true; without that setting, as the pane's state says.
 */

import { saveExceljsParts } from './save-workbook';
import { withBigTables } from './stream-package';
import { setContentType } from './content-types';
import { OfficePackage } from './office-package';
import { CONTENT_TYPE, RELATIONSHIP_TYPE, TASK_PANES_PART, WEB_EXTENSION_PART } from './package-vocabulary';
import { addRelationship } from './package-relationships';
import { taskPanesXml } from './task-panes-part';
import { AUTO_SHOW_SETTING, type TaskPaneState, type WebExtensionInfo } from './web-extension-info';
import { webExtensionXml } from './web-extension-part';
import type { XlsxDocument } from './xlsx-document';

/** Settings live in the add-in's part: a document holding some cannot be saved without one (they would be lost). */
export class SettingsWithoutAddInError extends Error {
  override readonly name = 'SettingsWithoutAddInError';
}

export async function saveXlsxDocument(document: XlsxDocument, addIn: WebExtensionInfo | null): Promise<Uint8Array> {
  // The big tables' bodies go in last, streamed (`stream-package.ts`): the add-in's parts are added to a small package.
  return withBigTables(await savePackage(document, addIn), document.workbook);
}

async function savePackage(document: XlsxDocument, addIn: WebExtensionInfo | null): Promise<Uint8Array> {
  const workbookBytes = await saveExceljsParts(document.workbook);
  const pkg = await OfficePackage.load(workbookBytes);
  if (addIn === null) {
    if (document.settings.size > 0) {
      throw new SettingsWithoutAddInError(
        `The document's settings (${[...document.settings.keys()].join(', ')}) are kept in the add-in's part: save it with one.`,
      );
    }
    return pkg.bytes();
  }
  pkg.setXml(WEB_EXTENSION_PART, webExtensionXml(addIn, document.settings));
  const toExtension = await addRelationship(
    pkg,
    TASK_PANES_PART,
    RELATIONSHIP_TYPE.webExtension,
    relativeTo(TASK_PANES_PART, WEB_EXTENSION_PART),
  );
  pkg.setXml(TASK_PANES_PART, taskPanesXml(paneToWrite(addIn.pane, document.settings), toExtension));
  await addRelationship(pkg, '', RELATIONSHIP_TYPE.webExtensionTaskPanes, TASK_PANES_PART);
  await setContentType(pkg, TASK_PANES_PART, CONTENT_TYPE.webExtensionTaskPanes);
  await setContentType(pkg, WEB_EXTENSION_PART, CONTENT_TYPE.webExtension);
  return pkg.bytes();
}

function paneToWrite(pane: TaskPaneState, settings: ReadonlyMap<string, unknown>): TaskPaneState {
  return settings.has(AUTO_SHOW_SETTING) ? { ...pane, visible: settings.get(AUTO_SHOW_SETTING) === true } : pane;
}

/** Both parts are in one folder: the target is the name alone. */
function relativeTo(source: string, target: string): string {
  const folder = source.slice(0, source.lastIndexOf('/') + 1);
  if (!target.startsWith(folder)) throw new Error(`${target} is not beside ${source}.`);
  return target.slice(folder.length);
}
