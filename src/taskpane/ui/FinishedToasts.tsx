/** A toast when a pull finishes (the pane may be on another view meanwhile); failures stay on their row too. */

import { Toast, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import { useEffect, useRef, type ReactElement } from 'react';
import { useAppState } from './app-context';

export function FinishedToasts(): ReactElement {
  const tables = useAppState((s) => s.tables);
  const toasterId = useId('toaster');
  const { dispatchToast } = useToastController(toasterId);
  const seen = useRef(new Set<string>());
  useEffect(() => {
    for (const row of tables) {
      const outcome = row.outcome;
      if (outcome === undefined) continue;
      const key = `${row.id}@${outcome.at}`;
      if (seen.current.has(key)) continue;
      seen.current.add(key);
      dispatchToast(
        <Toast>
          <ToastTitle>{outcome.message}</ToastTitle>
        </Toast>,
        { intent: outcome.kind === 'done' ? 'success' : outcome.kind === 'failed' ? 'error' : 'warning', timeout: 4000 },
      );
    }
  }, [tables, dispatchToast]);
  return <Toaster toasterId={toasterId} position="top-end" />;
}
