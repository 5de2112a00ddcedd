// The operator CLI: `npm run cli -- <command>` (see `npm run cli -- help`). It opens the database
// exactly as the server does; the commands themselves live in cli/commands.ts.
import { ConfigError } from './config/config.ts';
import { DataDirLockedError } from './db/client.ts';
import { startQueue, type Queue } from './jobs/queue.ts';
import { Messenger } from './mail/messenger.ts';
import { configFromEnv, openPreparedDatabase } from './runtime.ts';
import { CliError, USAGE, needsDatabase, runCommand } from './cli/commands.ts';

async function main(argv: string[]): Promise<number> {
  const out = (line: string) => console.log(line);
  if (!needsDatabase(argv)) {
    out(USAGE);
    return 0;
  }
  let config;
  try {
    config = configFromEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  let handle;
  try {
    // Demo data only when asked for (demo-data): an operator's database is theirs.
    handle = await openPreparedDatabase(config, { seedDemo: false });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(
        `The embedded database in ${error.dir} is open in the running server (process ${error.ownerPid}).\n` +
          'It allows one process at a time: stop the server (Ctrl+C), run this command, then start the server again.\n' +
          'To manage a running server, run both on PostgreSQL: set DATABASE_URL for the server and the CLI.',
      );
      return 1;
    }
    throw error;
  }

  let queue: Queue | undefined;
  const opened = handle;
  const openQueue = async () => (queue ??= await startQueue(opened, (error) => console.error('job queue error:', error.message)));
  try {
    await runCommand({ db: handle.db, config, messenger: new Messenger(handle.db, config), out, openQueue }, argv);
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      console.error(`Error: ${error.message}`);
      if (error.showUsage) console.error('\nRun "npm run cli -- help" for every command and option.');
      return 1;
    }
    throw error;
  } finally {
    await queue?.stop({ graceful: false });
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error('The command failed:', error);
    process.exit(1);
  },
);
