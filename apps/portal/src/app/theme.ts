import { createTheme, type MantineColorsTuple } from '@mantine/core';

// A calm blue; shade 7 is the primary in light mode so text on it and links pass WCAG AA contrast.
const lane: MantineColorsTuple = ['#e8f1ff', '#d0e0fc', '#a0befa', '#6b9af8', '#4179f5', '#2866f3', '#1c5dbf', '#144ea8', '#0b4397', '#003884'];

export const theme = createTheme({
  primaryColor: 'lane',
  primaryShade: { light: 7, dark: 5 },
  colors: { lane },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  other: { dimmedText: '#495057' },
});

/** Colour overrides for accessibility (TOOLCHAIN.md notes). */
export const cssVariablesResolver = () => ({
  variables: {},
  // Mantine's dimmed grey and error red (red-6) fail AA contrast on white; these pass.
  light: { '--mantine-color-dimmed': '#495057', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
