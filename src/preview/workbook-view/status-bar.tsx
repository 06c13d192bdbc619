/**
 * The status bar under the grid: the sheet shown, the table at the active cell (or the sheet's first) with its rows,
 * the message of the active cell's error (if it has one: see cell-error.ts), saving.
 */

import { Text } from '@fluentui/react-components';

export interface StatusBarProps {
  sheetText: string;
  tableText: string;
  saveText: string;
  cellErrorText?: string;
}

export function StatusBar({ sheetText, tableText, saveText, cellErrorText }: StatusBarProps): JSX.Element {
  return (
    <div className="preview-status">
      <Text size={200} data-testid="preview-status" role="status">
        {sheetText} · {tableText}
      </Text>
      {cellErrorText !== undefined && (
        <Text size={200} data-testid="preview-cell-error" className="preview-cell-error">
          {cellErrorText}
        </Text>
      )}
      <Text size={200} className="preview-save-state">
        {saveText}
      </Text>
    </div>
  );
}
