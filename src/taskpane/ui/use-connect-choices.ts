/**
 * What the Connect view offers, from what the workbook names and the profiles saved here. A workbook that names a
 * saved profile at another address (a mismatch) offers that profile first, and its own address only as a new
 * connection chosen on purpose; a workbook that names an unknown profile fills in the form. One primary action per
 * view: the saved profile when the workbook names it elsewhere, else the demo, else the form.
 */

import { useState } from 'react';
import type { ConnectionProfile, WorkbookMatch } from '../../sync/connect';
import type { AppSnapshot } from '../state/app-state';

export type WorkbookMismatch = Extract<WorkbookMatch, { status: 'mismatch' }>;

export interface ConnectChoices {
  /** The workbook names a saved profile at another address (not shown once connected). */
  mismatch: WorkbookMismatch | undefined;
  /** The workbook's address chosen over the saved profile, as a new connection. */
  workbookAddressChosen: boolean;
  chooseWorkbookAddress(): void;
  /** The saved profiles listed apart: not the one connected, not the mismatch's. */
  others: ConnectionProfile[];
  demoPrimary: boolean;
  /** The new connection's form: shown, filled in with, and the view's primary action. */
  form: { shown: boolean; initial: { name: string; baseUrl: string } | undefined; primary: boolean };
}

export function useConnectChoices(state: AppSnapshot): ConnectChoices {
  const { connection, workbook } = state;
  const connected = connection.status === 'connected';
  const mismatch = workbook.status === 'mismatch' && !connected ? workbook : undefined;
  const [workbookAddressChosen, setWorkbookAddressChosen] = useState(false);
  const expected = workbook.status === 'unknown' ? workbook.expected : undefined;
  const others = state.profiles.filter((p) => (!connected || p.id !== connection.profile.id) && p.id !== mismatch?.profile.id);
  // The form filled in: the workbook's address chosen over a saved profile (under a name of its own), or a colleague's.
  const initial =
    mismatch && workbookAddressChosen
      ? { name: nameForAddress(mismatch.expected.profileName, mismatch.expected.baseUrl), baseUrl: mismatch.expected.baseUrl }
      : expected
        ? { name: expected.profileName, baseUrl: expected.baseUrl }
        : undefined;
  return {
    mismatch,
    workbookAddressChosen,
    chooseWorkbookAddress: () => setWorkbookAddressChosen(true),
    others,
    demoPrimary: mismatch === undefined,
    form: {
      shown: mismatch === undefined || workbookAddressChosen,
      initial,
      primary: mismatch === undefined && (!state.demoAvailable || connected),
    },
  };
}

/** The name a new connection to the workbook's address starts with: the workbook's name and the host, apart from the saved one. */
function nameForAddress(name: string, baseUrl: string): string {
  return `${name} (${new URL(baseUrl).host})`;
}
