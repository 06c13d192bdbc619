/**
 * Puts the keyboard focus on the first control of a view that has just arrived (after connecting, the view the
 * pane shows next), as a user of a screen reader or the keyboard expects: not left on the body when the control
 * that had it (the demo button) went away. A view loaded lazily fills in over several renders: the focus goes to
 * its first control as soon as one appears, and back there when it fell to the body, until the user acts.
 */

import { useEffect, type RefObject } from 'react';

const CONTROLS =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [role="tab"], [tabindex]:not([tabindex="-1"])';

function firstControl(container: HTMLElement): HTMLElement | null {
  return (
    [...container.querySelectorAll<HTMLElement>(CONTROLS)].find(
      (el) => !el.hasAttribute('data-tabster-dummy') && el.getAttribute('aria-hidden') !== 'true',
    ) ?? null
  );
}

/** Focus fell to nowhere (the body: the control that had it went away): the user did not choose another place. */
function focusIsFree(container: HTMLElement): boolean {
  const active = container.ownerDocument.activeElement;
  return active === null || active === container.ownerDocument.body;
}

/**
 * Each time `arrival` changes to a new value (not undefined), focuses the first control in `container`, and again
 * whenever the focus falls to the body while the view fills in (a loading state replaced by the view, a list that
 * arrives), until the user presses a key or a pointer.
 */
export function useFocusFirstControl(container: RefObject<HTMLElement>, arrival: string | undefined): void {
  useEffect(() => {
    const root = container.current;
    if (arrival === undefined || root === null) return;
    const doc = root.ownerDocument;
    const place = (): void => {
      if (focusIsFree(root)) firstControl(root)?.focus();
    };
    const observer = new MutationObserver(place);
    const stop = (): void => {
      observer.disconnect();
      doc.removeEventListener('keydown', stop, true);
      doc.removeEventListener('pointerdown', stop, true);
    };
    observer.observe(root, { subtree: true, childList: true, attributes: true });
    doc.addEventListener('keydown', stop, true);
    doc.addEventListener('pointerdown', stop, true);
    place();
    return stop;
  }, [container, arrival]);
}
