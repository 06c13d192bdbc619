/** What the check before sharing found, in the pane's words: the verdict, tables, connection, hidden sheets, settings. */

import { AUTO_SHOW_SETTING } from '../../hosts/office-settings';
import { AMOUNT_CELLS_SETTING } from '../../sync/workbook-layout/amount-cells';
import { GRID_PLACEHOLDER_SETTING, GRID_SETTING_PREFIX } from '../../sync/plan-grid';
import { Text } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import type { Language, MessageKey } from '../../i18n/catalog';
import type { FindingPlace, HiddenSheetPurpose, SecretFinding, ShareReport } from '../../sync/share';
import type { AppState } from '../state/app-state';
import { useAppActions, useAppState } from './app-context';
import { formatInteger, pluralOf } from './format';
import { SecretVerdict } from './SecretVerdict';
import { useShareStyles } from './share-styles';
import { useTableLabel } from './table-label';

const PULL_SETTING = 'cashflow.pull.';
const CONNECTION_SETTING = 'cashflow.connection';

export function ShareReportView({ report }: { report: ShareReport }): ReactElement {
  const app = useAppActions();
  const language = useAppState((s) => s.language);
  const styles = useShareStyles();
  const t = app.t;
  const label = useTableLabel();
  const n = (value: number): string => formatInteger(value, language);
  return (
    <>
      <SecretVerdict findings={report.findings.map((f) => findingText(app, f))} clientSecretsSearched={report.searched.clientSecret} />
      <h3 className={styles.subheading}>{t('share.tables.heading')}</h3>
      {report.tables.length === 0 && report.extras.length === 0 ? (
        <Text className={styles.muted}>{t('share.tables.none')}</Text>
      ) : (
        <ul className={styles.list} aria-label={t('share.tables.heading')}>
          {report.tables.map((table) => (
            <li key={table.tableName}>
              <Text weight="semibold">{label(table.tableName)}</Text>{' '}
              <Text className={styles.muted}>
                {t(pluralOf(table.rows, language) === 'one' ? 'share.tables.rows.one' : 'share.tables.rows.other', {
                  count: n(table.rows),
                  sheet: table.sheetName,
                })}
              </Text>
            </li>
          ))}
          {report.extras.map((extra) => (
            <li key={extra.kind}>
              {extra.kind === 'importTable'
                ? t(`share.extra.importTable.${pluralOf(extra.rows, language)}`, { sheet: extra.sheetName, count: n(extra.rows) })
                : t('share.extra.analysisSheet', { sheet: extra.sheetName })}
            </li>
          ))}
        </ul>
      )}
      <h3 className={styles.subheading}>{t('share.connection.heading')}</h3>
      <Text>
        {report.connection.status === 'found'
          ? `${report.connection.connection.profileName} · ${report.connection.connection.baseUrl}`
          : report.connection.status === 'refused'
            ? `${report.connection.profileName} · ${t('share.connection.refused', { url: report.connection.baseUrl })}`
            : t('share.connection.none')}
      </Text>
      <h3 className={styles.subheading}>{t('share.hidden.heading')}</h3>
      {report.hiddenSheets.length === 0 ? (
        <Text className={styles.muted}>{t('share.hidden.none')}</Text>
      ) : (
        <ul className={styles.list} aria-label={t('share.hidden.heading')}>
          {report.hiddenSheets.map((sheet) => (
            <li key={sheet.name}>
              {t(HIDDEN_SHEET_WORDS[sheet.purpose])} <span className={styles.key}>{sheet.name}</span>:{' '}
              {t('share.hidden.size', { rows: n(sheet.rows), cells: n(sheet.cells), size: formatSize(app, sheet.bytes, language) })}
            </li>
          ))}
        </ul>
      )}
      <h3 className={styles.subheading}>{t('share.settings.heading')}</h3>
      <ul className={styles.list} aria-label={t('share.settings.heading')}>
        {report.settings.map((setting) => (
          <li key={setting.key}>
            {settingLabel(app, setting.key, report)} <span className={styles.key}>{setting.key}</span>:{' '}
            {formatSize(app, setting.bytes, language)}
          </li>
        ))}
      </ul>
    </>
  );
}

/** What a setting is for; a table's pull state names the table as the workbook spells it (its key is lower case). */
function settingLabel(app: AppState, key: string, report: ShareReport): string {
  if (key === CONNECTION_SETTING) return app.t('share.settings.connection');
  if (key === AUTO_SHOW_SETTING)
    return app.t('share.settings.autoOpen', { state: app.t(report.autoOpen ? 'share.settings.on' : 'share.settings.off') });
  if (key === AMOUNT_CELLS_SETTING) return app.t('share.settings.amountCells');
  if (key === GRID_PLACEHOLDER_SETTING) return app.t('share.settings.gridPage');
  if (key.startsWith(GRID_SETTING_PREFIX)) return app.t('share.settings.grid');
  if (key.startsWith(PULL_SETTING)) {
    const lower = key.slice(PULL_SETTING.length);
    return app.t('share.settings.pull', {
      table: report.tables.find((table) => table.tableName.toLowerCase() === lower)?.tableName ?? lower,
    });
  }
  return app.t('share.settings.other');
}

/** A finding in words: what, whose, where; never the value. */
function findingText(app: AppState, finding: SecretFinding): string {
  const place = placeText(app, finding.place);
  if (finding.what === 'credentialName') return app.t('share.finding.credentialName', { name: finding.name, place });
  const key =
    finding.what === 'clientId'
      ? 'share.finding.clientId'
      : finding.what === 'clientSecret'
        ? 'share.finding.clientSecret'
        : 'share.finding.accessToken';
  return app.t(key, { profile: finding.profileName, place });
}

function placeText(app: AppState, place: FindingPlace): string {
  if (place.kind === 'setting') return app.t('share.place.setting', { key: place.key });
  if (place.kind === 'cells') return app.t('share.place.cells', { sheet: place.sheet });
  return app.t(PLACE_WORDS[place.purpose]);
}

const HIDDEN_SHEET_WORDS = {
  baseline: 'share.hidden.baseline',
  journal: 'share.hidden.journal',
  lists: 'share.hidden.lists',
} as const satisfies Record<HiddenSheetPurpose, MessageKey>;
const PLACE_WORDS = {
  baseline: 'share.place.baseline',
  journal: 'share.place.journal',
  lists: 'share.place.lists',
} as const satisfies Record<HiddenSheetPurpose, MessageKey>;

/** "512 bytes", "about 12 KB", "about 1.4 MB" in the user's language. */
export function formatSize(app: AppState, bytes: number, language: Language): string {
  if (bytes < 1024) return app.t('share.size.bytes', { count: formatInteger(bytes, language) });
  if (bytes < 1024 * 1024) return app.t('share.size.kb', { count: formatInteger(Math.round(bytes / 1024), language) });
  const mb = new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));
  return app.t('share.size.mb', { count: mb });
}
