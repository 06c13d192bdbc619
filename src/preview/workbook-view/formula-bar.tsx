/**
 * Excel's formula bar over the grid: the active cell's address and what it holds (its formula, `=CASHFLOW.…`, or
 * its value as edited: see cell-edit-text.ts), editable. Enter writes it into the cell (as typing in the cell
 * does), Escape puts back what the cell holds; a change of the cell or of the workbook shows the cell anew.
 */

import { Input, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState, type KeyboardEvent } from 'react';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    flex: 'none',
  },
  address: { minWidth: '64px', fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  fx: { fontStyle: 'italic', color: tokens.colorNeutralForeground2, fontFamily: 'serif' },
  input: { flex: 1, minWidth: 0, fontFamily: tokens.fontFamilyMonospace },
});

export interface FormulaBarProps {
  /** The active cell's address (`B7`). */
  address: string;
  /** What the cell holds now. */
  contents: string;
  labels: { bar: string; cell: string; input: string };
  onCommit(input: string): void;
}

export function FormulaBar({ address, contents, labels, onCommit }: FormulaBarProps): JSX.Element {
  const styles = useStyles();
  const [draft, setDraft] = useState(contents);
  useEffect(() => setDraft(contents), [contents, address]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (draft !== contents) onCommit(draft);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDraft(contents);
    }
  };

  return (
    <div className={styles.bar} role="group" aria-label={labels.bar}>
      <output className={styles.address} aria-label={labels.cell} data-testid="formula-address">
        {address}
      </output>
      <span className={styles.fx} aria-hidden="true">
        fx
      </span>
      <Input
        className={styles.input}
        appearance="underline"
        value={draft}
        onChange={(_event, data) => setDraft(data.value)}
        onKeyDown={onKeyDown}
        aria-label={labels.input}
        data-testid="formula-bar"
        spellCheck={false}
      />
    </div>
  );
}
