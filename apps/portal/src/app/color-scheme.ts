// The colour scheme (issue 13): System / Light / Dark, chosen in the user menu and remembered in
// this browser (localStorage). "auto" (System) follows prefers-color-scheme. public/color-scheme.js
// applies the same choice before the first paint, reading the same key, so the page never flashes
// the wrong scheme while the app loads.
import { localStorageColorSchemeManager } from '@mantine/core';

export const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme-value';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });
