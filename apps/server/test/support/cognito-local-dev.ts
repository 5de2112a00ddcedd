// `npm run cognito-local`: a user pool on this machine for development (README, "Cloud user pool").
// Starts cognito-local on 127.0.0.1:9229 (COGNITO_LOCAL_PORT), creates a pool with the custom:company
// attribute, an app client, the groups named like our roles and the demo users (password
// Clearlane-demo-1, each in their role's group and company), prints the settings to start the server
// with, and runs until stopped (Ctrl-C). Its state is thrown away when it stops.
import { DEMO_PASSWORD, DEMO_USERS } from '../../src/seed/demo.ts';
import { DEFAULT_GROUP_ROLES } from '../../src/config/config.ts';
import { startCognitoLocal } from './cognito-local.ts';

const pool = await startCognitoLocal({ port: Number(process.env.COGNITO_LOCAL_PORT ?? 9229) });
const setup = await pool.createPool();
for (const user of DEMO_USERS) {
  const group = DEFAULT_GROUP_ROLES.find((entry) => entry.role === user.role)!.value;
  await pool.createUser(setup, { email: user.email, password: DEMO_PASSWORD, groups: [group], company: user.tenant });
}
console.log(`cognito-local listens on ${pool.endpoint}; the demo users are in the pool (password ${DEMO_PASSWORD}).
Start the server with:

  AUTH_PROVIDER=cognito \\
  COGNITO_USER_POOL_ID=${setup.userPoolId} \\
  COGNITO_USER_POOL_CLIENT_ID=${setup.clientId} \\
  COGNITO_REGION=us-east-1 \\
  COGNITO_DOMAIN=${pool.endpoint} \\
  COGNITO_USER_POOL_ENDPOINT=${pool.endpoint} \\
  COGNITO_IDENTITY_POOL_ENDPOINT=${pool.endpoint} \\
  npm start
`);
const stop = async () => {
  await pool.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
