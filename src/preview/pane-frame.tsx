/** The real task pane in an iframe beside the workbook; a new theme or a reset starts it again. */

import { useEffect } from 'react';
import type { SimulatedWorkbook } from './excel-sim';
import { useSignal, type Signal } from './signal';

export interface PaneFrameProps {
  workbook: SimulatedWorkbook;
  src: string;
  /** Grows when the pane must start again (after a reset). */
  paneGeneration: Signal<number>;
  title: string;
  width: number;
}

export function PaneFrame({ workbook, src, paneGeneration, title, width }: PaneFrameProps): JSX.Element {
  const generation = useSignal(paneGeneration);
  // A pane frame that goes (another theme, a reset) takes its runtime with it: its event handlers too.
  useEffect(() => () => workbook.forgetEventHandlers(), [workbook, src, generation]);
  return <iframe key={`${src}#${generation}`} id="pane" title={title} src={src} style={{ width }} className="preview-pane" />;
}
