import { useSyncExternalStore } from 'react';

/** Light/dark theme: the `dark` class on <html>. index.html applies it before first paint with the same key. */
export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'meetwise-theme';
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

/**
 * A framed page's own theme (issue 29: `?embed=1&theme=…`, `<html data-embed-theme>` set by index.html before the
 * first paint): it wins over the page's and the visitor's, and is never saved.
 */
function frameTheme(): Theme | null {
  const theme = document.documentElement.getAttribute('data-embed-theme');
  return theme === 'light' || theme === 'dark' ? theme : null;
}

function apply(asked: Theme): void {
  const root = document.documentElement;
  const theme = frameTheme() ?? asked;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  listeners.forEach((listener) => listener());
}

/** A page that has a theme of its own (the booking page: its event's); while set, the visitor's theme waits. */
let pageTheme: Theme | null = null;

/** The visitor's own theme: their choice, else the system's. */
const visitorTheme = (): Theme => storedTheme() ?? (darkQuery().matches ? 'dark' : 'light');

/**
 * While mounted with a theme, the whole page (header and footer too) shows it, whatever the visitor chose; on
 * unmount the visitor's theme comes back. Not remembered: the visitor's choice stays theirs.
 */
export function setPageTheme(theme: Theme | null): void {
  pageTheme = theme;
  apply(theme ?? visitorTheme());
}

const getTheme = (): Theme => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

/** Sets and remembers the visitor's choice. */
export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
  apply(theme);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Until the visitor chooses, follow the system setting as it changes.
  const media = darkQuery();
  const onSystemChange = (event: MediaQueryListEvent) => {
    if (!storedTheme() && !pageTheme) apply(event.matches ? 'dark' : 'light');
  };
  media.addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(listener);
    media.removeEventListener('change', onSystemChange);
  };
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme, () => 'light');
}
