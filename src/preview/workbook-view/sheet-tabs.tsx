/** The visible sheets' tabs, in tab order (hidden and very hidden sheets are not shown, as in Excel). */

import { Tab, TabList } from '@fluentui/react-components';

export interface SheetTabsProps {
  sheets: readonly string[];
  selected: string;
  label: string;
  onSelect(sheet: string): void;
}

export function SheetTabs({ sheets, selected, label, onSelect }: SheetTabsProps): JSX.Element {
  return (
    <TabList
      aria-label={label}
      size="small"
      selectedValue={selected}
      onTabSelect={(_event, data) => onSelect(String(data.value))}
      className="preview-tabs"
    >
      {sheets.map((name) => (
        <Tab key={name} value={name}>
          {name}
        </Tab>
      ))}
    </TabList>
  );
}
