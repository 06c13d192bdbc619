/**
 * The base of the simulated collections (`WorksheetCollection`, `TableCollection`, ...). `load()` on a collection
 * selects its own scalar properties (`count`) and, through `items`, the properties of its items:
 * `load()` (everything), `'items'`, `'items/name'`, `'items.name'`, a bare `'name'` (office.js sends it on to the
 * items), and paths through the items' navigation properties (`'items/worksheet/name'`). The item proxies are
 * made while the sync runs (they queue no Instantiate action, as office.js's result processing does not) and bind
 * to their workbook object's id.
 */

import { SimClientObject, type LoadedValues } from '../batch/client-object';
import type { WorkbookState } from '../model/workbook-state';
import type { AnyProxy, ExecEnv } from './types';
import { splitCollectionSelect } from '../batch/load-options';

export abstract class SimCollection<B, I extends AnyProxy> extends SimClientObject<B, WorkbookState> {
  /** New proxies for the collection's current items, in order (called while a load runs). */
  protected abstract itemsIn(env: ExecEnv, binding: B): I[];

  override queryIn(env: ExecEnv, paths: readonly string[] | undefined): LoadedValues {
    const binding = this.bindIn(env);
    if (binding === null) return { value: null, commit: () => undefined };
    const { items, own, loadItems } = splitCollectionSelect(paths, this.scalarNames);
    const value = own.length > 0 ? this.readProperties(env, binding, own) : {};
    const scalars = { ...value };
    const proxies = loadItems ? this.itemsIn(env, binding) : [];
    const loads = proxies.map((proxy) => proxy.queryIn(env, items));
    if (loadItems) value.items = loads.map((loaded) => loaded.value);
    return {
      value,
      commit: () => {
        this.applyLoaded(scalars);
        if (!loadItems) return;
        for (const loaded of loads) loaded.commit();
        this.remember('items', proxies);
      },
    };
  }

  get items(): I[] {
    return this.read('items');
  }
}
