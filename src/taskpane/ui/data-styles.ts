/** The Data view's look: the cards' stack, a card's head and lines, muted text, verdict colours, actions. */

import { makeStyles, tokens } from '@fluentui/react-components';

export const useDataStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  card: { gap: tokens.spacingVerticalXS },
  head: { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  name: {
    border: 'none',
    background: 'none',
    padding: 0,
    font: 'inherit',
    color: 'inherit',
    textAlign: 'start',
    cursor: 'pointer',
    fontWeight: tokens.fontWeightSemibold,
  },
  meta: { color: tokens.colorNeutralForeground3 },
  verdict: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  ok: { color: tokens.colorPaletteGreenForeground1 },
  warn: { color: tokens.colorPaletteYellowForeground2 },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  line: { display: 'block' },
  pending: { color: tokens.colorPaletteMarigoldForeground2, fontWeight: tokens.fontWeightSemibold },
  functions: { display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: tokens.spacingVerticalXXS },
});
