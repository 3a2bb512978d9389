// `npm start`: reads flags and environment, starts the gateway, and on SIGTERM or SIGINT drains
// it (see server.ts) and exits 0. A bad schema, seed, flag, config file or a port in use ends the
// process with a message saying why; a second SIGINT (Ctrl+C twice) exits at once.
import { ConfigurationError } from '../src/errors/errors.ts';
import { parseGatewayArgs, START_USAGE, type GatewayConfig } from './args.ts';
import { startGateway } from './start.ts';

function fail(error: unknown): never {
  console.error(error instanceof ConfigurationError ? error.message : error);
  process.exit(1);
}

/** Signals are handled from the first moment, so one sent during start-up is not lost. */
function serve(config: GatewayConfig): void {
  const starting = startGateway(config);
  starting.then((started) => started.ready.catch(fail), fail);
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      if (signal === 'SIGINT') process.exit(130);
      return;
    }
    stopping = true;
    console.log(`${signal}: closing (answers in flight finish; at most ${config.drainDeadlineMs} ms)`);
    const { cut } = await (await starting).close();
    if (cut > 0) console.error(`${signal}: ${cut} connection(s) still open at the drain deadline were closed`);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

try {
  const config = parseGatewayArgs(process.argv.slice(2), process.env);
  if ('kind' in config) console.log(START_USAGE);
  else serve(config);
} catch (error) {
  fail(error);
}
