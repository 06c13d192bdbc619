/** The preview's theme (light or dark), switched by the toolbar and kept in the page's address for a reload. */

import { useState } from 'react';
import type { PreviewTheme } from './preview-options';

export function usePreviewTheme(initial: PreviewTheme): [PreviewTheme, (dark: boolean) => void] {
  const [theme, setTheme] = useState<PreviewTheme>(initial);
  const switchTheme = (dark: boolean): void => {
    const next: PreviewTheme = dark ? 'dark' : 'light';
    setTheme(next);
    const url = new URL(location.href);
    url.searchParams.set('theme', next);
    history.replaceState(null, '', url);
  };
  return [theme, switchTheme];
}
