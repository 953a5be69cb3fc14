import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

/**
 * The ARIA menu-button pattern for a button and its `role="menu"` list of `role="menuitem"` elements: Enter, Space,
 * a click or ArrowDown open it on the first item, ArrowUp on the last; the arrows, Home and End move (wrapping);
 * Escape closes it and returns focus to the button; Tab and a pointer press outside close it; Space activates a
 * focused link item as Enter does. Spread `buttonProps` on the button and `menuProps` on the menu element, and
 * put the menu inside `containerRef` (the menu itself, or a panel around it).
 */
export function useMenuButton(options: { buttonRef?: RefObject<HTMLButtonElement>; onClose?: () => void } = {}) {
  const menuId = useId();
  const buttonId = `${menuId}-button`;
  const [open, setOpen] = useState(false);
  const ownButtonRef = useRef<HTMLButtonElement>(null);
  const buttonRef = options.buttonRef ?? ownButtonRef;
  const containerRef = useRef<HTMLDivElement>(null);
  // Which item takes focus when the menu opens: the first or the last (ArrowUp on the button).
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const onCloseRef = useRef(options.onClose);
  useEffect(() => {
    onCloseRef.current = options.onClose;
  });

  const items = () => Array.from(containerRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    onCloseRef.current?.();
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const all = items();
    (focusOnOpen.current === 'last' ? all[all.length - 1] : all[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!containerRef.current?.contains(target) && !buttonRef.current?.contains(target)) {
        setOpen(false);
        onCloseRef.current?.();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, buttonRef]);

  const openMenu = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (next: number) => {
      event.preventDefault();
      all[(next + all.length) % all.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(all.length - 1);
      case 'Escape':
        event.preventDefault();
        return close(true);
      case 'Tab':
        return close(false);
      case ' ': {
        // Space activates the focused item like Enter; a link only reacts to Enter by itself (a button to both).
        const focused = document.activeElement;
        if (focused instanceof HTMLAnchorElement) {
          event.preventDefault();
          focused.click();
        }
      }
    }
  };

  return {
    open,
    close,
    containerRef,
    buttonProps: {
      ref: buttonRef,
      id: buttonId,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': menuId,
      onClick: () => (open ? close(false) : openMenu('first')),
      onKeyDown: onButtonKeyDown,
    },
    menuProps: { id: menuId, role: 'menu' as const, 'aria-labelledby': buttonId, onKeyDown: onMenuKeyDown },
  };
}
