import { Button } from '#frontend/components/ui/button.tsx';
import { MoonIcon, SunIcon } from '#frontend/components/ui/icons.tsx';
import { setTheme, useTheme } from '#frontend/lib/theme.ts';

export function ThemeToggle() {
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={next === 'dark' ? 'Switch to dark theme' : 'Switch to light theme'}
      onClick={() => setTheme(next)}
    >
      {theme === 'dark' ? <SunIcon className="size-5" /> : <MoonIcon className="size-5" />}
    </Button>
  );
}
