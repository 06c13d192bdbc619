/** A multi-select picker of service objects by id (accounts, companies); none selected means all. */

import { Combobox, Field, Option } from '@fluentui/react-components';
import type { ReactElement } from 'react';

export function IdPicker({
  label,
  all,
  options,
  selected,
  onChange,
}: {
  label: string;
  all: string;
  options: Array<{ id: number; name: string }>;
  selected: number[];
  onChange: (ids: number[]) => void;
}): ReactElement {
  return (
    <Field label={label}>
      <Combobox
        multiselect
        placeholder={all}
        selectedOptions={selected.map(String)}
        value={names(selected, options)}
        onOptionSelect={(_, d) => onChange(d.selectedOptions.map(Number))}
      >
        {options.map((o) => (
          <Option key={o.id} value={String(o.id)}>
            {o.name}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}

function names(selected: number[], options: Array<{ id: number; name: string }>): string {
  return selected.map((id) => options.find((o) => o.id === id)?.name ?? `#${id}`).join(', ');
}
