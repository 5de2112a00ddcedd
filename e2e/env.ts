// Settings shared by the Playwright config (main process and workers) and the global setup.
// The port is chosen once, in the main process, and handed to the workers through the environment.
import { execFileSync } from 'node:child_process';

/** 3100 when free, otherwise any free loopback port; E2E_PORT wins when set. */
function choosePort(): string {
  const probe = `
    const net = require('node:net');
    const tryPort = (port) => {
      const server = net.createServer();
      server.once('error', () => port === 0 ? process.exit(1) : tryPort(0));
      server.listen(port, '0.0.0.0', () => { const { port: chosen } = server.address(); server.close(() => console.log(chosen)); });
    };
    tryPort(3100);`;
  return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim();
}

process.env.E2E_PORT ??= choosePort();

export const PORT = Number(process.env.E2E_PORT);
export const BASE_URL = `http://localhost:${PORT}`;

/** The portal of one tenant, e.g. tenantUrl('acme', '/login') → http://acme.localhost:3100/login. */
export function tenantUrl(tenant: string, path = '/'): string {
  return `http://${tenant}.localhost:${PORT}${path}`;
}

/** The demo data seeded at start (see README). */
export const DEMO_PASSWORD = 'Clearlane-demo-1';
export const DEMO_USERS = {
  admin: 'admin@acme.test',
  manager: 'manager@acme.test',
  agent: 'agent@acme.test',
  viewer: 'viewer@acme.test',
  globexAdmin: 'admin@globex.test',
} as const;

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
