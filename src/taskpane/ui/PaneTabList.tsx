/** The pane's tab row: a tab per view, an icon tab with its name as tooltip, the Changes tab with its count. */

import { Badge, makeStyles, Tab, TabList, Tooltip, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import type { Language } from '../../i18n/catalog';
import { formatInteger } from './format';
import type { PaneTab, TabId } from './pane-tabs';

const useStyles = makeStyles({
  tabs: { paddingInline: tokens.spacingHorizontalS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, overflowX: 'auto' },
  badge: { marginInlineStart: tokens.spacingHorizontalXS },
});

export interface PaneTabListProps {
  tabs: PaneTab[];
  selected: TabId;
  onSelect(tab: TabId): void;
  label: string;
  language: Language;
}

export function PaneTabList({ tabs, selected, onSelect, label, language }: PaneTabListProps): ReactElement {
  const styles = useStyles();
  return (
    <nav aria-label={label}>
      {/* No reserved copy of each tab's content (Fluent draws it, hidden, to keep the bold width): the Changes
          count is in the page once, and a screen reader hears it once. */}
      <TabList
        className={styles.tabs}
        size="small"
        reserveSelectedTabSpace={false}
        selectedValue={selected}
        onTabSelect={(_, data) => onSelect(data.value as TabId)}
        aria-label={label}
      >
        {tabs.map((item) =>
          item.icon ? (
            <Tooltip key={item.id} content={item.label} relationship="label">
              <Tab value={item.id} icon={item.icon} />
            </Tooltip>
          ) : (
            <Tab key={item.id} value={item.id}>
              {item.label}
              {item.count !== undefined && item.count > 0 && (
                <Badge size="small" appearance="filled" color="brand" className={styles.badge} data-testid="changes-badge">
                  {formatInteger(item.count, language)}
                </Badge>
              )}
            </Tab>
          ),
        )}
      </TabList>
    </nav>
  );
}
