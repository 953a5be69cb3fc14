import { useSyncExternalStore, type ReactElement, type ReactNode } from 'react';

import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '#shared/constants';

/**
 * The toast store (shadcn-style reducer, shared by every screen):
 * at most TOAST_LIMIT (1) toast, a newer one replaces the older; dismissing closes it (open false) and
 * removes it TOAST_REMOVE_DELAY_MS later. Call `toast()` from anywhere; <Toaster /> renders the state.
 */

/** `default` is for confirmations (success look); `destructive` for errors. */
export type ToastVariant = 'default' | 'destructive';

export interface ToasterToast {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactElement;
  variant?: ToastVariant;
  /** Per-toast override of the provider's 5000 ms. */
  duration?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export type ToastInput = Omit<ToasterToast, 'id' | 'open' | 'onOpenChange'>;

type Action =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

interface State {
  toasts: ToasterToast[];
}

let count = 0;
const nextId = (): string => {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return String(count);
};

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(toastId: string): void {
  if (removeTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(toastId);
    dispatch({ type: 'REMOVE_TOAST', toastId });
  }, TOAST_REMOVE_DELAY_MS);
  removeTimeouts.set(toastId, timeout);
}

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS_TOAST': {
      const { toastId } = action;
      return {
        toasts: state.toasts.map((t) => (toastId === undefined || t.id === toastId ? { ...t, open: false } : t)),
      };
    }
    case 'REMOVE_TOAST':
      return { toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId) };
  }
}

const listeners = new Set<() => void>();
let memoryState: State = { toasts: [] };
let anyToastYet = false;

function dispatch(action: Action): void {
  memoryState = reducer(memoryState, action);
  if (action.type === 'ADD_TOAST') anyToastYet = true;
  // Side effect kept out of the reducer: closed toasts are removed later.
  if (action.type === 'DISMISS_TOAST') {
    if (action.toastId !== undefined) scheduleRemoval(action.toastId);
    else memoryState.toasts.forEach((t) => scheduleRemoval(t.id));
  }
  listeners.forEach((listener) => listener());
}

export function toast(input: ToastInput) {
  const id = nextId();
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });
  const update = (changes: Partial<ToastInput>) => dispatch({ type: 'UPDATE_TOAST', toast: { ...changes, id } });
  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...input,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss, update };
}

export function dismissToast(toastId?: string): void {
  dispatch({ type: 'DISMISS_TOAST', toastId });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For the layout: the toast region's code loads with the first toast and then stays. */
export const subscribeToToasts = subscribe;
export const hasToasts = (): boolean => anyToastYet;

const getSnapshot = (): State => memoryState;

export function useToast() {
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: state.toasts, toast, dismiss: dismissToast };
}
