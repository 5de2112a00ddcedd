// Applies the colour scheme before the first paint, so a dark-mode user never sees a white flash.
// A file, not an inline script: the Content-Security-Policy allows scripts from 'self' only.
// The same rule as Mantine's colour-scheme manager (app/app.tsx): the choice stored in this browser
// ('light' | 'dark' | 'auto'), else 'auto', which follows the system preference.
(function () {
  var stored = null;
  try {
    stored = window.localStorage.getItem('mantine-color-scheme-value');
  } catch {
    // Storage blocked: follow the system.
  }
  var scheme = stored === 'light' || stored === 'dark' ? stored : window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
