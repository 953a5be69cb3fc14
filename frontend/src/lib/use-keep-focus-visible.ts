import { useEffect, type RefObject } from 'react';

/**
 * On a phone the on-screen keyboard shrinks the visual viewport; a focused field (or the submit button) below the
 * new edge would be typed into unseen. When the viewport resizes, the focused element inside `container` is
 * scrolled back to the middle of what is visible.
 */
export function useKeepFocusVisible(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const keepVisible = () => {
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || !container.current?.contains(focused)) return;
      const { top, bottom } = focused.getBoundingClientRect();
      if (top < viewport.offsetTop || bottom > viewport.offsetTop + viewport.height) {
        focused.scrollIntoView({ block: 'center' });
      }
    };
    viewport.addEventListener('resize', keepVisible);
    return () => viewport.removeEventListener('resize', keepVisible);
  }, [container]);
}
