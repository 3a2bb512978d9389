// A dataset file -> the gateway serving it from a data folder of its own: the dataset imported
// into a fresh folder (with the import's Node flags), the gateway stopped, then started again on
// that folder as `npm start` would (the restart, timed from spawn to its first healthy answer).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startGatewayProcess, type GatewayProcess } from './gateway-process.ts';

export interface DataFolderOptions {
  dataset: string;
  port: number;
  /** Node flags for the import only (`--max-old-space-size=8192` for a large dataset). */
  importNodeFlags: readonly string[];
  /** More environment for both children (`API_TOKEN_SALT`). */
  env?: Readonly<Record<string, string>>;
}

export interface DataFolderGateway {
  importMs: number;
  restartMs: number;
  /** The restarted gateway, left running (response cache off). */
  gateway: GatewayProcess;
  dataDir: string;
}

export async function startDataFolderGateway(options: DataFolderOptions): Promise<DataFolderGateway> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-durable-'));
  const common = { dataset: options.dataset, port: options.port, responseCache: 'off' as const, dataDir, timeoutMs: 1_800_000, env: options.env };
  const importing = await startGatewayProcess({ ...common, nodeFlags: options.importNodeFlags });
  await importing.stop();
  // The restart serves the data folder as `npm start` would: the import's larger heap is not given.
  const gateway = await startGatewayProcess({ ...common, nodeFlags: [] });
  return { importMs: importing.readyMs, restartMs: gateway.readyMs, gateway, dataDir };
}
