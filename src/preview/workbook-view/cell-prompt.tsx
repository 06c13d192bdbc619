/**
 * A data validation's prompt (input message) beside the selected cell, as Excel shows it: a small note below and
 * right of the cell, title in bold. It says what the cell takes ("FS: Forecast and scenario · S: Scenario · …").
 */

import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  note: {
    position: 'fixed',
    zIndex: 10,
    maxWidth: '300px',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow8,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    pointerEvents: 'none',
  },
  title: { display: 'block', fontWeight: tokens.fontWeightSemibold },
});

export interface CellPromptProps {
  prompt: { title: string; message: string };
  /** The cell's rectangle on screen. */
  at: { x: number; y: number; width: number; height: number };
}

export function CellPrompt({ prompt, at }: CellPromptProps): JSX.Element {
  const styles = useStyles();
  return (
    <div
      role="note"
      className={styles.note}
      style={{ left: at.x + Math.min(at.width, 48), top: at.y + at.height + 4 }}
      data-testid="cell-prompt"
    >
      {prompt.title !== '' && <span className={styles.title}>{prompt.title}</span>}
      {prompt.message}
    </div>
  );
}
