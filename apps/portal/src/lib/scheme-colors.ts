// Colours in both colour schemes (issue 13: dark mode, axe-clean in both). How it works, and what a
// page must do, is in app/README.md ("Colours and dark mode"); in short:
//  - Mantine shade tokens (`c="red.9"`, `bg="gray.0"`, `color="teal.9"`, var(--mantine-color-gray-3))
//    work in both: in dark mode app/theme.ts turns each hue around (dark text shades become light
//    tones of the hue, light tint shades become dim tints of the dark page);
//  - a colour written as hex ('#a14000') is the same in both schemes: as text or a line, pass it
//    through `readable()`; never read `theme.colors.x[n]` for text or a background.

const THEME_COLOR = /^([a-z]+)\.(\d)$/;

/** 'red.9' → var(--mantine-color-red-9); any other CSS colour is returned unchanged. */
export function cssColor(color: string): string {
  const match = THEME_COLOR.exec(color);
  return match ? `var(--mantine-color-${match[1]}-${match[2]})` : color;
}

/**
 * A colour for text or a line on the page's background: as given in light mode; in dark mode the
 * same hue at a light tone (OKLCH lightness 0.82, at least 7:1 on the dark surfaces). Plain CSS
 * (`light-dark()` follows the `color-scheme` Mantine sets on <html>): no hook, no re-render.
 */
export function readable(color: string): string {
  const value = cssColor(color);
  return `light-dark(${value}, oklch(from ${value} 0.82 min(c, 0.16) h))`;
}
