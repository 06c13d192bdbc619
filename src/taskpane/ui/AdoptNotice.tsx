/**
 * Adopt in a Changes card (#28): budgets that wait because they have no external ID the service can address are said
 * before anything is sent, with "Adopt N budgets…" (each gets `xl-<id>` and is sent at once; the dialog says how);
 * after an Adopt, the budgets it left alone, each with the reason. Only budget tables have such rows.
 */

import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import type { Language } from '../../i18n/catalog';
import type { ChangesTable } from '../state/app-state';
import { useAppActions } from './app-context';
import { formatInteger, pluralOf } from './format';

type AdoptableRow = NonNullable<ChangesTable['adoptable']>[number];

export interface AdoptNoticeProps {
  table: ChangesTable;
  language: Language;
  disabled: boolean;
  onAdopt(rows: readonly AdoptableRow[]): void;
}

export function AdoptNotice({ table, language, disabled, onAdopt }: AdoptNoticeProps): ReactElement | null {
  const t = useAppActions().t;
  const rows = table.adoptable ?? [];
  return (
    <>
      <AdoptRefusals table={table} />
      {rows.length > 0 && (
        <MessageBar intent="info" layout="multiline" data-testid="adopt-notice">
          <MessageBarBody>
            {t(`pane.changes.adopt.notice.${pluralOf(rows.length, language)}`, { count: formatInteger(rows.length, language) })}
          </MessageBarBody>
          <MessageBarActions>
            <Button size="small" disabled={disabled} onClick={() => onAdopt(rows)}>
              {t(`pane.changes.adopt.all.${pluralOf(rows.length, language)}`, { count: formatInteger(rows.length, language) })}
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
    </>
  );
}

/** The budgets the last Adopt left alone, each with why (an ID typed meanwhile stays the user's). */
function AdoptRefusals({ table }: { table: ChangesTable }): ReactElement | null {
  const t = useAppActions().t;
  const refused = table.adoption?.refused ?? [];
  if (refused.length === 0) return null;
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="adopt-refused">
      <MessageBarBody>
        <MessageBarTitle>{t('pane.changes.adopt.refused.title')}</MessageBarTitle>
        <ul>
          {refused.map((r) => (
            <li key={r.id}>{t(`pane.changes.adopt.refused.${r.reason}`, { name: r.name })}</li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}
