/** The preview's toolbar: its title, the theme switch, the pane's width, the File menu and Reset workbook. */

import { Body1, Radio, RadioGroup, Subtitle2, Switch } from '@fluentui/react-components';
import type { MessageKey } from '../i18n/catalog';
import type { MessageParams } from '../i18n/translate';
import { FileMenu, type FileToOpen } from './file-menu';
import { ResetDialog } from './reset-dialog';

export const PANE_WIDTHS = [320, 480] as const;

export interface PreviewToolbarProps {
  t(key: MessageKey, params?: MessageParams): string;
  dark: boolean;
  onDark(dark: boolean): void;
  paneWidth: number;
  onPaneWidth(width: number): void;
  templateName: string;
  onOpenFile(file: FileToOpen): Promise<void>;
  onDownload(): Promise<void>;
  onReset(): Promise<void>;
}

export function PreviewToolbar({
  t,
  dark,
  onDark,
  paneWidth,
  onPaneWidth,
  templateName,
  onOpenFile,
  onDownload,
  onReset,
}: PreviewToolbarProps): JSX.Element {
  return (
    <header className="preview-toolbar" aria-label={t('preview.toolbar')}>
      <div className="preview-heading">
        <h1 className="preview-title">
          <Subtitle2>{t('preview.title')}</Subtitle2>
        </h1>
        <Body1 className="preview-subtitle">{t('preview.subtitle')}</Body1>
      </div>
      <Switch
        label={t('preview.theme.dark')}
        checked={dark}
        onChange={(_event, data) => onDark(data.checked)}
        data-testid="preview-theme"
      />
      <RadioGroup
        layout="horizontal"
        aria-label={t('preview.paneWidth')}
        value={String(paneWidth)}
        onChange={(_event, data) => onPaneWidth(Number(data.value))}
      >
        <Radio value={String(PANE_WIDTHS[0])} label={t('preview.paneWidth.narrow')} />
        <Radio value={String(PANE_WIDTHS[1])} label={t('preview.paneWidth.wide')} />
      </RadioGroup>
      <FileMenu
        labels={{
          menu: t('preview.file'),
          openTemplate: t('preview.file.openTemplate'),
          open: t('preview.file.open'),
          download: t('preview.file.download'),
          input: t('preview.file.input'),
          confirmTitle: (name) => t('preview.file.confirm.title', { name }),
          confirmBody: t('preview.file.confirm.body'),
          confirmOpen: t('preview.file.confirm.open'),
          cancel: t('preview.reset.cancel'),
        }}
        templateName={templateName}
        onOpen={onOpenFile}
        onDownload={onDownload}
      />
      <ResetDialog
        labels={{
          button: t('preview.reset'),
          title: t('preview.reset.title'),
          body: t('preview.reset.body'),
          confirm: t('preview.reset.confirm'),
          cancel: t('preview.reset.cancel'),
        }}
        onReset={onReset}
      />
    </header>
  );
}
