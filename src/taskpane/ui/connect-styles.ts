/** The Connect view's look: its stack of parts, forms, actions, muted and breakable addresses. */

import { makeStyles, tokens } from '@fluentui/react-components';

export const useConnectStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  url: { wordBreak: 'break-all', color: tokens.colorNeutralForeground3 },
  // An address breaks only where it must (a whole one fits 320 px on its own line).
  address: { overflowWrap: 'anywhere' },
  connecting: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  lines: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginBlockStart: tokens.spacingVerticalXS },
});
