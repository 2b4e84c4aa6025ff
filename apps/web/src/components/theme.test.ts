import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { theme } from './theme.ts';

/** The custom properties `src/app/base.css` declares on :root. */
function cssVariables(): Record<string, string> {
  const css = readFileSync(new URL('../app/base.css', import.meta.url), 'utf8');
  return Object.fromEntries([...css.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1], (m[2] ?? '').trim()]));
}

describe('the light pages and the MUI pages share one palette', () => {
  test('base.css declares the MUI theme’s colours and font', () => {
    const css = cssVariables();
    const { palette, typography } = theme;
    expect({
      primary: palette.primary.main,
      'primary-light': palette.primary.light,
      'primary-dark': palette.primary.dark,
      secondary: palette.secondary.main,
      success: palette.success.main,
      warning: palette.warning.main,
      error: palette.error.main,
      info: palette.info.main,
      background: palette.background.default,
      paper: palette.background.paper,
      text: palette.text.primary,
      'text-secondary': palette.text.secondary,
      'text-disabled': palette.text.disabled,
      divider: palette.divider,
      font: typography.fontFamily,
      radius: `${theme.shape.borderRadius}px`,
    }).toEqual({
      primary: css.primary,
      'primary-light': css['primary-light'],
      'primary-dark': css['primary-dark'],
      secondary: css.secondary,
      success: css.success,
      warning: css.warning,
      error: css.error,
      info: css.info,
      background: css.background,
      paper: css.paper,
      text: css.text,
      'text-secondary': css['text-secondary'],
      'text-disabled': css['text-disabled'],
      divider: css.divider,
      font: css.font?.replaceAll(', ', ','),
      radius: css.radius,
    });
  });
});
