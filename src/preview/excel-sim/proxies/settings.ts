/**
 * `Excel.SettingCollection` (`context.workbook.settings`) and `Excel.Setting`. A setting proxy binds to its key:
 * `getItem` of a missing key fails at sync with ItemNotFound, `getItemOrNullObject` gives a null object, and a
 * setting deleted after binding fails the next action that uses it (ItemNotFound). The store and its 2 MB cap
 * are in model/settings-state.ts.
 */

import type { Named, Supported } from './api-shape';
import { SimClientObject, type SimClientResult } from '../batch/client-object';
import type { WorkbookState } from '../model/workbook-state';
import type { ActionQueue, ExecEnv } from './types';
import { SimCollection } from './collection';
import { itemNotFound } from '../batch/errors';
import { replaceDates } from '../model/settings-state';

export interface SettingBinding {
  key: string;
}

const SETTING_PROPERTIES = ['key', 'value'] as const;

/** The value as sent on the wire: Dates replaced, null when it cannot be serialised (the action then fails). */
function wireValue(value: unknown): unknown {
  try {
    const replaced = replaceDates(value);
    return JSON.stringify(replaced) === undefined ? null : replaced;
  } catch {
    return null;
  }
}

function existing(env: ExecEnv, b: SettingBinding): string {
  if (!env.state.settings.has(b.key)) throw itemNotFound();
  return b.key;
}

export class SimSetting
  extends SimClientObject<SettingBinding, WorkbookState>
  implements Supported<Excel.Setting, 'key' | 'value' | 'delete' | 'load' | 'isNullObject'>
{
  protected readonly entityName = 'Setting';
  protected readonly scalarNames = SETTING_PROPERTIES;

  protected readProperties(env: ExecEnv, b: SettingBinding, select: readonly string[]): Record<string, unknown> {
    const key = existing(env, b);
    const all: Record<string, unknown> = { key, value: env.state.settings.value(key) };
    return Object.fromEntries(select.map((n) => [n, all[n]]));
  }

  get key(): string {
    return this.read('key');
  }

  /** Any JSON-serialisable value (Dates come back as Dates). */
  get value(): unknown {
    return this.read('value');
  }
  set value(value: unknown) {
    this.remember('value', value);
    this.queue('SetProperty', 'value', [wireValue(value)], (env, b) => env.state.settings.set(existing(env, b), value));
  }

  delete(): void {
    this.queue('Method', 'delete', [], (env, b) => env.state.settings.delete(existing(env, b)));
  }
}

type SettingCollectionMembers = 'add' | 'getItem' | 'getItemOrNullObject' | 'getCount' | 'load';

export class SimSettingCollection
  extends SimCollection<true, SimSetting>
  implements Supported<Excel.SettingCollection, SettingCollectionMembers>, Named<Excel.SettingCollection, 'items'>
{
  protected readonly entityName = 'SettingCollection';
  protected readonly scalarNames = [] as const;

  constructor(context: ActionQueue, objectPath: string, origin?: string) {
    super(context, objectPath, () => true, origin);
  }

  protected readProperties(): Record<string, unknown> {
    return {};
  }

  protected itemsIn(env: ExecEnv): SimSetting[] {
    return env.state.settings
      .keys()
      .map((key) => new SimSetting(this.context, `${this.objectPath}.items[${JSON.stringify(key)}]`, () => ({ key })));
  }

  private child(name: string, key: string, resolve: (env: ExecEnv) => SettingBinding | null): SimSetting {
    return new SimSetting(
      this.context,
      `${this.objectPath}.${name}(${JSON.stringify(key) ?? 'undefined'})`,
      resolve,
      `SettingCollection.${name}`,
    );
  }

  /** Sets or adds the setting (an existing key is overwritten). */
  add(key: string, value: unknown): SimSetting {
    let created: SettingBinding | undefined;
    this.queue('Method', 'add', [key, wireValue(value)], (env) => {
      env.state.settings.set(key, value);
      created = { key };
    });
    return this.child('add', key, () => {
      if (!created) throw itemNotFound();
      return created;
    });
  }

  getItem(key: string): SimSetting {
    return this.child('getItem', key, (env) => {
      if (!env.state.settings.has(key)) throw itemNotFound();
      return { key };
    });
  }

  getItemOrNullObject(key: string): SimSetting {
    return this.child('getItemOrNullObject', key, (env) => (env.state.settings.has(key) ? { key } : null));
  }

  getCount(): SimClientResult<number> {
    return this.queueResult('getCount', [], (env) => env.state.settings.count);
  }
}
