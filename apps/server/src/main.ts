// The process: settings → database → migrations → app → queue and workers → listen; and a clean
// stop on SIGINT/SIGTERM (in-flight requests finish, jobs stop, the embedded database checkpoints).
import { cognitoSettingsOf, ConfigError } from './config/config.ts';
import { buildApp } from './app.ts';
import { startQueue, type Queue } from './jobs/queue.ts';
import { Messenger, outboxLines } from './mail/messenger.ts';
import { MonitoringEngine } from './modules/monitoring/monitoring-engine.jobs.ts';
import { OrderFulfilment } from './modules/orders/orders.jobs.ts';
import { SheetDispatch } from './modules/bulk-orders/sheet-dispatch.jobs.ts';
import { claimsFollowOrders } from './modules/claims/claims.jobs.ts';
import { prepareMonitoringNotifyQueues, registerMonitoringNotifyWorkers } from './modules/monitoring/notify-workers.ts';
import { sandboxMonitoringProvider } from './providers/monitoring/sandbox-monitoring-provider.ts';
import { sandboxProviders } from './providers/report-providers.ts';
import { carrierDataProviderFrom } from './providers/carrier-data/carrier-data-providers.ts';
import { prepareDotRescore, registerDotScoreWorkers } from './modules/scores/scores.jobs.ts';
import { CarrierScoring } from './modules/scores/scoring.ts';

import { prepareDownloadQueues, registerDownloadWorkers } from './modules/downloads/downloads.jobs.ts';
import { prepareOrderCountsQueue, registerOrderCountsWorker } from './modules/orders/order-counts.jobs.ts';
import { createFileStore } from './storage/create-file-store.ts';
import { configFromEnv, openPreparedDatabase } from './runtime.ts';

async function main() {
  let config;
  try {
    config = configFromEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const handle = await openPreparedDatabase(config);
  let queue: Queue | undefined;
  const messenger = new Messenger(handle.db, config);
  const fileStore = createFileStore({ db: handle.db, config });
  const { app } = await buildApp({ config, db: handle.db, queue: () => queue, messenger, fileStore });
  handle.reportLostConnections?.((error) => app.log.warn({ err: error }, 'A database connection was lost while idle; a new one opens when needed'));
  // The embedded database is one process at a time, so `cli outbox` cannot read it while the server
  // runs: the server prints each message it keeps (invitations, codes, alert mails with their
  // links) to its own log instead. Only there: on PostgreSQL the CLI reads the outbox, and no
  // temporary password or code goes to a production log.
  if (handle.kind === 'pglite') messenger.showHeldMessages((message) => app.log.info({ outbox: message.id }, `Kept in the outbox (no delivery configured):\n${outboxLines(message).join('\n')}`));

  const cognito = cognitoSettingsOf(config);
  if (cognito) app.log.info({ userPool: cognito.userPoolId, issuer: cognito.issuer }, 'AUTH_PROVIDER=cognito: the API accepts the user pool\'s id tokens (and ours, from companies\' own providers)');

  queue = await startQueue(handle, (error) => app.log.error({ err: error }, 'job queue error'));
  await messenger.attachQueue(queue);
  await prepareMonitoringNotifyQueues(queue);
  await prepareDotRescore(queue);

  await prepareDownloadQueues(queue);
  await prepareOrderCountsQueue(queue);
  if (config.ROLE !== 'api') {
    await messenger.registerWorker(queue);
    const logError = (message: string, error?: unknown) => app.log.error({ err: error }, message);
    const fulfilment = new OrderFulfilment(handle.db, sandboxProviders(handle.db), logError, claimsFollowOrders(logError));
    await fulfilment.registerWorker(queue, handle.kind);
    await new SheetDispatch(handle.db).registerWorker(queue);
    await registerOrderCountsWorker(queue, handle.db);
    const monitoring = new MonitoringEngine(handle.db, handle.kind, sandboxMonitoringProvider(handle.db), () => queue, {
      info: (message) => app.log.info(message), error: (message, error) => app.log.error({ err: error }, message),
    });
    await monitoring.registerWorker(queue, config.MONITORING_SWEEP_INTERVAL_SECONDS);
    await registerMonitoringNotifyWorkers(queue, { db: handle.db, messenger, config });
    await registerDotScoreWorkers(queue, handle.db, new CarrierScoring(handle.db, carrierDataProviderFrom(config, handle.db), messenger, config));

    await registerDownloadWorkers(queue, { db: handle.db, store: fileStore, messenger, config, log: (message, error) => app.log.error({ err: error }, message) });
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: stopping`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close(); // stops accepting, lets in-flight requests finish
      await queue?.stop({ graceful: true, timeout: 10_000 });
      await handle.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (config.ROLE !== 'worker') {
    await app.listen({ host: config.HOST, port: config.PORT });
    const storage = handle.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL';
    app.log.info(`Clearlane is ready at ${config.PORTAL_URL} (${storage}; tenants at http://<tenant>.${config.ROOT_DOMAIN}:${config.PORT})`);
  } else {
    app.log.info('Clearlane worker is running');
  }
}

main().catch((error) => {
  console.error('Clearlane failed to start:', error);
  process.exit(1);
});
