import { createTheme, defaultVariantColorsResolver, parseThemeColor, type MantineColorsTuple, type MantineTheme, type VariantColorsResolver } from '@mantine/core';
import { readable } from '../lib/scheme-colors.ts';

// A calm blue; shade 7 is the primary in light mode so text on it and links pass WCAG AA contrast.
const lane: MantineColorsTuple = ['#e8f1ff', '#d0e0fc', '#a0befa', '#6b9af8', '#4179f5', '#2866f3', '#1c5dbf', '#144ea8', '#0b4397', '#003884'];

const PRIMARY_SHADE = { light: 7, dark: 6 } as const;

/**
 * Variants with an explicit shade. In dark mode the shade variables are turned around (below), which
 * is right for text and outlines but not for fills: a filled badge in red.9 keeps its dark fill (white
 * text on it reads in both schemes), so a dark shade's fill is the literal colour. A light badge with
 * a shade uses the (turned) tint and the hue's darkest shade for text. A colour given as hex or CSS
 * cannot be turned: non-filled variants write it `readable()`.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  const { variant, color, theme } = input;
  if (!color || variant === 'white' || variant === 'gradient' || variant === 'none' || variant === 'default') return resolved;
  const parsed = parseThemeColor({ color, theme });
  if (parsed.isThemeColor) {
    if (parsed.shade === undefined || parsed.color === 'dark') return resolved;
    const shades = theme.colors[parsed.color]!;
    if (variant === 'filled' && parsed.shade >= 5) return { ...resolved, background: shades[parsed.shade]!, hover: shades[parsed.shade === 9 ? 8 : parsed.shade + 1]! };
    if (variant === 'light') return { ...resolved, background: `var(--mantine-color-${parsed.color}-${parsed.shade})`, color: `var(--mantine-color-${parsed.color}-9)` };
    return resolved;
  }
  if (variant === 'filled') return resolved;
  const text = readable(color);
  return { ...resolved, color: text, border: variant === 'outline' ? `1px solid ${text}` : resolved.border };
};

export const theme = createTheme({
  primaryColor: 'lane',
  primaryShade: PRIMARY_SHADE,
  colors: { lane },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  variantColorResolver,
});

// Grey shades on the dark page: tints become the dark surfaces, text shades light greys (all text
// shades at least 4.5:1 on dark-7 and on the dark-6 panels).
const GRAY_IN_DARK = [6, 5, 5, 4, 3, 2, 1, 1, 0, 0] as const;
// A hue's shades on the dark page: 0–3 are tints (a share of the hue's shade 8 mixed into the page
// colour), 4–5 stay, 6–9 (the text shades) become the hue's light tones.
const TINT_SHARE = ['14%', '20%', '30%', '42%'] as const;
const TEXT_SHADE_IN_DARK: Record<number, number> = { 6: 3, 7: 3, 8: 2, 9: 2 };

/**
 * Dark mode for every shade token a page uses: `c="red.9"`, `bg="gray.0"`, `color="teal.9"` (outline),
 * var(--mantine-color-gray-3) all read on the dark page without the page knowing the scheme. Mantine's
 * own per-hue variables (filled, outline, text, light colour) are pinned to the literal colours
 * Mantine would have used, so its components look as they always do in dark mode.
 */
function darkShades(theme: MantineTheme): Record<string, string> {
  const dark = theme.colors.dark;
  const page = dark[7];
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    const filled: number = name === theme.primaryColor ? PRIMARY_SHADE.dark : 8;
    variables[`--mantine-color-${name}-text`] = shades[4]!;
    variables[`--mantine-color-${name}-filled`] = shades[filled]!;
    variables[`--mantine-color-${name}-filled-hover`] = shades[filled === 9 ? 8 : filled + 1]!;
    // Mantine's dark light-variant fill (shade 9 darkened by half) is near black: a visible tint instead.
    variables[`--mantine-color-${name}-light`] = `color-mix(in srgb, ${shades[6]} 24%, ${page})`;
    variables[`--mantine-color-${name}-light-hover`] = `color-mix(in srgb, ${shades[6]} 32%, ${page})`;
    variables[`--mantine-color-${name}-light-color`] = shades[0]!;
    variables[`--mantine-color-${name}-outline`] = shades[Math.max(filled - 4, 0)]!;
    shades.forEach((_, index) => {
      let value: string | undefined;
      if (name === 'gray') value = dark[GRAY_IN_DARK[index]!];
      else if (index < TINT_SHARE.length) value = `color-mix(in srgb, ${shades[8]} ${TINT_SHARE[index]}, ${page})`;
      else if (TEXT_SHADE_IN_DARK[index] !== undefined) value = shades[TEXT_SHADE_IN_DARK[index]!];
      if (value) variables[`--mantine-color-${name}-${index}`] = value;
    });
  }
  theme.colors[theme.primaryColor]!.forEach((shade, index) => {
    variables[`--mantine-primary-color-${index}`] = shade;
  });
  return variables;
}

/**
 * Colour overrides for accessibility (TOOLCHAIN.md notes) and dark mode. Every value here is checked
 * by axe in both schemes (e2e/portal-dark-mode.spec.ts and the light-mode journeys).
 */
export const cssVariablesResolver = (resolved: MantineTheme) => ({
  variables: {},
  // Mantine's dimmed grey and error red (red-6) fail AA contrast on white; these pass.
  light: {
    '--mantine-color-dimmed': '#495057',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--clearlane-focus-ring': lane[7],
  },
  dark: {
    ...darkShades(resolved),
    '--mantine-color-dimmed': resolved.colors.dark[1]!,
    '--mantine-color-error': resolved.colors.red[4]!,
    '--mantine-color-success': resolved.colors.teal[4]!,
    '--mantine-color-anchor': lane[3],
    '--clearlane-focus-ring': lane[3],
  },
});
