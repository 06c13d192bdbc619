/**
 * The task panes part (`xl/webextensions/taskpanes.xml`, [MS-OWEXML] CT_OsfTaskpanes): one `wetp:taskpane` per
 * persisted pane, with its dock state, visibility (`1`: open when the file opens), width and row, pointing at its
 * web-extension part through a relationship (`wetp:webextensionref r:id`).
 */

import { NamespacedElement } from './namespaced-element';
import { NS } from './package-vocabulary';
import { UnreadablePartError } from './unreadable-part-error';
import type { TaskPaneState } from './web-extension-info';
import { type XmlElement, xmlElement } from './xml-tree';

export interface PersistedTaskPane {
  readonly pane: TaskPaneState;
  /** The relationship (from the task panes part) to the pane's web-extension part. */
  readonly relationshipId: string;
}

export function taskPanesXml(pane: TaskPaneState, relationshipId: string): XmlElement {
  const attributes: Record<string, string> = {
    dockstate: pane.dockState,
    visibility: pane.visible ? '1' : '0',
    width: String(pane.width),
    row: String(pane.row),
  };
  if (pane.locked) attributes.locked = '1';
  return xmlElement('wetp:taskpanes', { 'xmlns:wetp': NS.taskPanes }, [
    xmlElement('wetp:taskpane', attributes, [xmlElement('wetp:webextensionref', { 'xmlns:r': NS.relationships, 'r:id': relationshipId })]),
  ]);
}

export function readTaskPanes(root: XmlElement): PersistedTaskPane[] {
  const panes = NamespacedElement.root(root);
  if (!panes.is(NS.taskPanes, 'taskpanes')) throw new UnreadablePartError(`Not a task panes part: <${root.name}>.`);
  return panes.children(NS.taskPanes, 'taskpane').map((pane) => ({
    pane: {
      visible: xsdBoolean(pane.attribute('visibility')),
      dockState: pane.attribute('dockstate') ?? '',
      width: finite(pane.attribute('width'), 350),
      row: finite(pane.attribute('row'), 0),
      locked: xsdBoolean(pane.attribute('locked')),
    },
    relationshipId: pane.child(NS.taskPanes, 'webextensionref')?.attribute('id', NS.relationships) ?? '',
  }));
}

function xsdBoolean(value: string | undefined): boolean {
  return value === '1' || value === 'true';
}

function finite(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value === undefined || value === '' || !Number.isFinite(number) ? fallback : number;
}
