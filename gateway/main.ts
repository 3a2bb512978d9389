// `npm start`: reads flags and environment, starts the gateway, and stops it gracefully on
// SIGTERM or SIGINT. A bad schema, seed or flag ends the process with a message saying why.
import { ConfigurationError } from '../src/errors/errors.ts';
import { parseGatewayArgs } from './args.ts';
import { startGateway } from './start.ts';

function fail(error: unknown): never {
  console.error(error instanceof ConfigurationError ? error.message : error);
  process.exit(1);
}

try {
  const started = await startGateway(parseGatewayArgs(process.argv.slice(2), process.env));
  started.ready.catch(fail);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing`);
    await started.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
} catch (error) {
  fail(error);
}
