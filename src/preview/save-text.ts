/** What the status bar says about saving the workbook in this browser. */

import type { Translator } from './translator';
import type { SaveState } from './workbook-autosave';

export function saveText(save: SaveState, t: Translator): string {
  return save.kind === 'saved'
    ? t('preview.status.saved')
    : save.kind === 'saving'
      ? t('preview.status.saving')
      : t('preview.status.saveFailed', { reason: save.reason });
}
