/**
 * The preview's workbook kept in the browser: one IndexedDB record (a workbook of 100k rows is far beyond
 * localStorage's few MB), written as a structured clone of the simulation's snapshot.
 */

import { isWorkbookSnapshot, type WorkbookSnapshot } from './excel-sim';

const DATABASE = 'cashflow-preview';
const STORE = 'workbook';
const KEY = 'current';

export interface WorkbookStore {
  /** The saved workbook; undefined when none is saved (or what is saved is not a snapshot). */
  load(): Promise<WorkbookSnapshot | undefined>;
  save(snapshot: WorkbookSnapshot): Promise<void>;
  clear(): Promise<void>;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const req = factory.open(DATABASE, 1);
  req.onupgradeneeded = () => {
    if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE);
  };
  return request(req);
}

function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

export function openWorkbookStore(factory: IDBFactory = indexedDB): WorkbookStore {
  const database = open(factory);
  const write = async (change: (store: IDBObjectStore) => void): Promise<void> => {
    const tx = (await database).transaction(STORE, 'readwrite');
    change(tx.objectStore(STORE));
    await transactionDone(tx);
  };
  return {
    async load() {
      const tx = (await database).transaction(STORE, 'readonly');
      const value: unknown = await request(tx.objectStore(STORE).get(KEY));
      return isWorkbookSnapshot(value) ? value : undefined;
    },
    save: (snapshot) => write((store) => store.put(snapshot, KEY)),
    clear: () => write((store) => store.delete(KEY)),
  };
}
