/**
 * What a pane state test runs on: one sandbox for the file (over loopback HTTP) and a fresh simulated workbook as
 * `Excel` for each test. Read `sandbox` and `sim` inside tests (the hooks set them).
 */

import { createSimulatedWorkbook, installExcelSimulation, type Installation } from '../../src/preview/excel-sim';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox';

export interface PaneFixture {
  readonly sandbox: RunningSandbox;
  readonly sim: Installation;
}

export function usePaneFixture(options: Omit<SandboxOptions, 'port'> = {}): PaneFixture {
  const held: Partial<PaneFixture> = {};
  const set = (patch: Partial<PaneFixture>): void => void Object.assign(held, patch);
  beforeAll(async () => set({ sandbox: await startSandbox({ ...options, port: 0 }) }));
  afterAll(() => held.sandbox?.close());
  beforeEach(() => set({ sim: installExcelSimulation(globalThis, createSimulatedWorkbook()) }));
  afterEach(() => held.sim?.uninstall());
  return {
    get sandbox() {
      return present(held.sandbox, 'the sandbox starts in beforeAll');
    },
    get sim() {
      return present(held.sim, 'the workbook is installed in beforeEach');
    },
  };
}

function present<T>(value: T | undefined, when: string): T {
  if (value === undefined) throw new Error(`not there yet: ${when}`);
  return value;
}
