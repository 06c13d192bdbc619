/**
 * The category filter: the service's tree (parents › children, in its order), searchable by any part of the path,
 * several at once. A category includes its subcategories (the service's `category` filter does): children of a
 * chosen category say they are included with it.
 */

import { Combobox, Field, makeStyles, Option, tokens } from '@fluentui/react-components';
import { useState, type ReactElement } from 'react';
import { PATH_SEPARATOR, type CategoryChoice } from '../state/category-tree';
import { useAppActions } from './app-context';

const useStyles = makeStyles({
  included: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

export function CategoryPicker({
  options,
  selected,
  onChange,
}: {
  options: readonly CategoryChoice[];
  selected: number[];
  onChange: (ids: number[]) => void;
}): ReactElement {
  const app = useAppActions();
  const styles = useStyles();
  const t = app.t;
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const matches = needle === '' ? options : options.filter((o) => o.path.join(PATH_SEPARATOR).toLowerCase().includes(needle));
  const chosen = new Set(selected);
  const nameOf = (id: number): string => options.find((o) => o.id === id)?.name ?? `#${id}`;
  const summary = selected.map(nameOf).join(', ');
  return (
    <Field label={t('pane.filters.categories')} hint={t('pane.filters.subcategories')}>
      <Combobox
        multiselect
        freeform
        placeholder={summary === '' ? t('pane.filters.all') : summary}
        aria-description={t('pane.filters.searchCategories')}
        value={query}
        selectedOptions={selected.map(String)}
        onChange={(e) => setQuery(e.target.value)}
        // The search stays while the list is open, so several of its matches can be chosen in turn.
        onOptionSelect={(_, d) => onChange(d.selectedOptions.map(Number).filter((id) => Number.isInteger(id)))}
        onOpenChange={(_, d) => {
          if (!d.open) setQuery('');
        }}
        data-testid="category-picker"
      >
        {matches.map((o) => {
          const parent = o.ancestors.find((id) => chosen.has(id));
          const path = o.path.join(PATH_SEPARATOR);
          return (
            <Option key={o.id} value={String(o.id)} text={path}>
              <span style={{ paddingInlineStart: `${o.ancestors.length * 12}px` }}>
                {path}
                {parent !== undefined && (
                  <span className={styles.included}>{` · ${t('pane.filters.includedBy', { parent: nameOf(parent) })}`}</span>
                )}
              </span>
            </Option>
          );
        })}
        {matches.length === 0 && (
          <Option value="" disabled text={t('pane.filters.noMatch')}>
            {t('pane.filters.noMatch')}
          </Option>
        )}
      </Combobox>
    </Field>
  );
}
