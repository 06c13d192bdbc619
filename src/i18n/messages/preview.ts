/** Messages of The preview page (src/preview). */

export const en = {} as const;

type Catalog = Record<keyof typeof en, string>;

export const de: Catalog = {};

export const it: Catalog = {};
