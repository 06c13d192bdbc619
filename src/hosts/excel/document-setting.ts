/** One document setting (`context.workbook.settings`) read or written as text, in its own batch. */

import { runExcel } from './run-excel';

/** The setting's text, or null when it is missing or holds no text. */
export async function readSetting(key: string): Promise<string | null> {
  return runExcel(async (session) => {
    const setting = session.context.workbook.settings.getItemOrNullObject(key);
    setting.load('value');
    await session.sync();
    return !setting.isNullObject && typeof setting.value === 'string' ? setting.value : null;
  });
}

export async function writeSetting(key: string, text: string): Promise<void> {
  await runExcel(async (session) => {
    session.context.workbook.settings.add(key, text);
    await session.sync();
  });
}
