/**
 * The list editor's colours: its background is the cell's (glide gives the editor the cell's theme, so an input cell's
 * pale fill even in the dark grid), the texts chosen for that background so they meet AA on it; the highlighted item
 * in the accent colour with white text.
 */

import type { Theme } from '@glideapps/glide-data-grid';

export interface ListEditorColors {
  bg: string;
  text: string;
  muted: string;
  border: string;
  activeBg: string;
  activeText: string;
}

export function listEditorPalette(theme: Theme): ListEditorColors {
  const light = luminance(theme.bgCell) >= 0.5;
  return {
    bg: theme.bgCell,
    text: light ? '#1F1F1F' : '#F0F0F0',
    muted: light ? '#424242' : '#C8C8C8',
    border: light ? 'rgba(0, 0, 0, 0.18)' : 'rgba(255, 255, 255, 0.2)',
    activeBg: light ? '#107C41' : '#1F6FB2',
    activeText: '#FFFFFF',
  };
}

function luminance(color: string): number {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  if (hex === undefined) return 1;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
