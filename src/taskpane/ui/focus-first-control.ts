/**
 * Puts the keyboard focus on the first control of a view that has just arrived (after connecting, the view the
 * pane shows next), as a user of a screen reader or the keyboard expects: not left on the body when the control
 * that had it (the demo button) went away. A view loaded lazily is not there at once: the focus goes to its first
 * control as soon as one appears, unless the user put the focus somewhere meanwhile.
 */

import { useEffect, type RefObject } from 'react';

const CONTROLS = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [role="tab"], [tabindex]:not([tabindex="-1"])';

function firstControl(container: HTMLElement): HTMLElement | null {
  return [...container.querySelectorAll<HTMLElement>(CONTROLS)].find((el) => !el.hasAttribute('data-tabster-dummy') && el.getAttribute('aria-hidden') !== 'true') ?? null;
}

/** Focus fell to nowhere (the body: the control that had it went away): the user did not choose another place. */
function focusIsFree(container: HTMLElement): boolean {
  const active = container.ownerDocument.activeElement;
  return active === null || active === container.ownerDocument.body;
}

/** Each time `arrival` changes to a new value (not undefined), focuses the first control in `container`. */
export function useFocusFirstControl(container: RefObject<HTMLElement>, arrival: string | undefined): void {
  useEffect(() => {
    const root = container.current;
    if (arrival === undefined || root === null) return;
    const tryFocus = (): boolean => {
      if (!focusIsFree(root)) return true;
      const control = firstControl(root);
      control?.focus();
      return control !== null;
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) observer.disconnect();
    });
    observer.observe(root, { subtree: true, childList: true, attributes: true });
    return () => observer.disconnect();
  }, [container, arrival]);
}
