// For browsers under a strict Content-Security-Policy (no 'unsafe-eval', the server's): zod builds
// its parsers without `new Function` and does not probe for it (the probe's error is caught, but the
// browser still reports a CSP violation). The portal imports this before anything parses.
import { config } from 'zod/v4/core';

config({ jitless: true });
