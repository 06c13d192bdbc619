/** The status bar under the grid: the sheet shown, the table at the active cell (or the sheet's first) with its rows, saving. */

import { Text } from '@fluentui/react-components';

export interface StatusBarProps {
  sheetText: string;
  tableText: string;
  saveText: string;
}

export function StatusBar({ sheetText, tableText, saveText }: StatusBarProps): JSX.Element {
  return (
    <div className="preview-status">
      <Text size={200} data-testid="preview-status" role="status">
        {sheetText} · {tableText}
      </Text>
      <Text size={200} className="preview-save-state">
        {saveText}
      </Text>
    </div>
  );
}
