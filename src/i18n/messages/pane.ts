/** Messages of The task pane (src/taskpane). */

export const en = {} as const;

type Catalog = Record<keyof typeof en, string>;

export const de: Catalog = {};

export const it: Catalog = {};
