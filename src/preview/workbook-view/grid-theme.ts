/** The grid's colours in the page's light and dark themes, and how table cells are set apart (Excel's Medium 2 style, roughly). */

import type { Theme } from '@glideapps/glide-data-grid';
import type { PreviewTheme } from '../preview-options';

export interface TablePalette {
  headerBg: string;
  headerText: string;
  bandBg: string;
  bodyBg: string;
  outline: string;
}

export interface GridPalette {
  grid: Partial<Theme>;
  table: TablePalette;
}

const FONT = 'Calibri, Carlito, "Segoe UI", system-ui, sans-serif';

export function gridPalette(theme: PreviewTheme): GridPalette {
  if (theme === 'dark') {
    return {
      grid: {
        accentColor: '#4FA3E0',
        accentLight: 'rgba(79, 163, 224, 0.22)',
        textDark: '#F0F0F0',
        textMedium: '#C8C8C8',
        textLight: '#A0A0A0',
        textHeader: '#E0E0E0',
        textHeaderSelected: '#000000',
        bgCell: '#1F1F1F',
        bgCellMedium: '#262626',
        bgHeader: '#2B2B2B',
        bgHeaderHasFocus: '#3A3A3A',
        bgHeaderHovered: '#3A3A3A',
        borderColor: 'rgba(255, 255, 255, 0.14)',
        linkColor: '#8AC4FF',
        fontFamily: FONT,
      },
      table: { headerBg: '#1F6FB2', headerText: '#FFFFFF', bandBg: '#22384D', bodyBg: '#1A2A3A', outline: '#4FA3E0' },
    };
  }
  return {
    grid: {
      accentColor: '#107C41',
      accentLight: 'rgba(16, 124, 65, 0.15)',
      textDark: '#1F1F1F',
      textMedium: '#424242',
      textLight: '#616161',
      textHeader: '#424242',
      bgCell: '#FFFFFF',
      bgCellMedium: '#FAFAFA',
      bgHeader: '#F3F3F3',
      bgHeaderHasFocus: '#E1E1E1',
      bgHeaderHovered: '#E8E8E8',
      borderColor: 'rgba(0, 0, 0, 0.12)',
      linkColor: '#0F6CBD',
      fontFamily: FONT,
    },
    table: { headerBg: '#156082', headerText: '#FFFFFF', bandBg: '#C0E4F5', bodyBg: '#FFFFFF', outline: '#156082' },
  };
}
