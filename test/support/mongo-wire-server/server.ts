// A MongoDB wire-protocol TEST DEVICE, not a database: a TCP server that answers the commands the
// official driver sends for the MongoStore, from memory, with mingo evaluating queries. Tests use
// it to run the real driver path (handshake, cursors, retries, dropped connections) without MongoDB.
// As a replica set it keeps an oplog of committed changes, which change streams read.
import net, { type AddressInfo, type Socket } from 'node:net';
import { ChangeLog } from './change-log.ts';
import { ChangeStreams } from './change-streams.ts';
import { runCommand, stripEnvelope, commandName, isChangeStreamCommand } from './commands.ts';
import { CursorRegistry } from './cursors.ts';
import { Engine } from './engine.ts';
import { FaultInjector, type FailRule } from './faults.ts';
import { encodeReply, MessageFramer, parseRequest } from './protocol.ts';
import { Transactions } from './transactions.ts';
import { WriteTracker } from './write-tracker.ts';
import type { EngineDoc } from './values.ts';

export interface WireServerOptions {
  /** Port to listen on; 0 or absent picks a free one. */
  port?: number;
  /** Database named in {@link WireServer.uri}. */
  database?: string;
  /**
   * Present the server as the primary of a one-node replica set with this name, which runs
   * transactions and change streams; absent, a standalone, which refuses both as MongoDB does.
   */
  replicaSet?: string;
  /** How many changes the oplog holds before the oldest go (10,000 by default). */
  oplogEntries?: number;
}

/** One command the device executed, with its envelope fields stripped. */
export interface ReceivedCommand {
  name: string;
  db: string;
  body: EngineDoc;
  /** The envelope fields as sent (`$readPreference`, `lsid`, `txnNumber`...). */
  envelope: EngineDoc;
}

export interface WireServer {
  readonly port: number;
  /** A connection string for the configured database. */
  readonly uri: string;
  uriFor(database: string): string;
  readonly engine: Engine;
  /** Commands executed so far, oldest first (the most recent 10,000). */
  readonly received: ReceivedCommand[];
  /** Open client connections. */
  readonly connectionCount: number;
  /** Closes the listener and destroys open sockets, so clients see dropped connections. */
  stop(): Promise<void>;
  /** Listens again on the same port, keeping the data. */
  restart(): Promise<void>;
  /** Forgets all data and open cursors. */
  reset(): void;
  /** Keeps accepting and reading but answers nothing until {@link resume}: a hung server. */
  pause(): void;
  /** Answers everything held while paused, in order. */
  resume(): void;
  /** Fails matching commands (error reply or dropped connection), like `failCommand`. */
  failCommands(rule: FailRule): void;
  /** Forgets every fail rule: the database answers again. */
  clearFaults(): void;
  /** Forgets the oplog so far, as one that rolled over: a change stream resuming before now has lost its history. */
  truncateOplog(): void;
}

const HOST = '127.0.0.1';
const RECEIVED_LIMIT = 10_000;

class WireTestServer implements WireServer {
  readonly engine = new Engine();
  readonly received: ReceivedCommand[] = [];
  private readonly cursors = new CursorRegistry();
  private readonly faults = new FaultInjector();
  private readonly log: ChangeLog;
  private readonly streams: ChangeStreams;
  private readonly transactions: Transactions;
  private readonly sockets = new Set<Socket>();
  private listener: net.Server | undefined;
  private held: Array<() => void> = [];
  private paused = false;
  private nextConnectionId = 1;
  private nextReplyId = 1;
  port: number;

  constructor(private readonly options: WireServerOptions) {
    this.port = options.port ?? 0;
    this.log = new ChangeLog(options.oplogEntries);
    this.streams = new ChangeStreams(this.log, this.engine);
    // A standalone keeps no oplog.
    if (options.replicaSet) this.engine.recorder = (record) => this.log.append([record]);
    this.transactions = new Transactions(this.engine, new WriteTracker(), options.replicaSet ? this.log : undefined);
  }

  get uri(): string {
    return this.uriFor(this.options.database ?? 'test');
  }

  uriFor(database: string): string {
    const topology = this.options.replicaSet ? `replicaSet=${this.options.replicaSet}` : 'directConnection=true';
    return `mongodb://${HOST}:${this.port}/${database}?${topology}`;
  }

  get connectionCount(): number {
    return this.sockets.size;
  }

  async listen(): Promise<void> {
    const listener = net.createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(this.port, HOST, () => {
        listener.off('error', reject);
        resolve();
      });
    });
    this.port = (listener.address() as AddressInfo).port;
    this.listener = listener;
  }

  async stop(): Promise<void> {
    const listener = this.listener;
    if (!listener) return;
    this.listener = undefined;
    const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    this.held = [];
    this.cursors.clear();
    this.log.wake();
    // A restarted server has lost every transaction in progress.
    this.transactions.clear();
    await closed;
  }

  async restart(): Promise<void> {
    if (!this.listener) await this.listen();
  }

  reset(): void {
    this.engine.reset();
    this.log.truncate();
    this.cursors.clear();
    this.transactions.clear();
    this.faults.clear();
    this.received.length = 0;
  }

  failCommands(rule: FailRule): void {
    this.faults.add(rule);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  truncateOplog(): void {
    this.log.truncate();
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    const held = this.held;
    this.held = [];
    for (const answer of held) answer();
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    const connectionId = this.nextConnectionId++;
    const framer = new MessageFramer();
    socket.on('close', () => this.sockets.delete(socket));
    // A client that goes away mid-message is normal here; nothing to report.
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk) => {
      try {
        for (const message of framer.push(chunk)) this.handle(socket, message, connectionId);
      } catch {
        // Bytes the device cannot frame or decode: drop the connection, as a server would.
        socket.destroy();
      }
    });
  }

  private handle(socket: Socket, message: Buffer, connectionId: number): void {
    const request = parseRequest(message);
    const answer = () => {
      if (socket.destroyed) return;
      const body = stripEnvelope(request.command);
      const envelope = Object.fromEntries(Object.entries(request.command).filter(([key]) => !(key in body)));
      const name = commandName(request.command);
      this.record({ name, db: request.db, body, envelope });
      const fault = this.faults.take(name, isChangeStreamCommand(request.command, this.cursors));
      if (fault?.kind === 'close') {
        socket.destroy();
        return;
      }
      const identity = { host: HOST, port: this.port, replicaSet: this.options.replicaSet };
      const context = { engine: this.engine, cursors: this.cursors, db: request.db, connectionId, identity, transactions: this.transactions, log: this.log, streams: this.streams };
      const reply = fault?.reply ?? runCommand(request.command, context);
      const send = (answer: Record<string, unknown>) => {
        if (request.expectsReply && !socket.destroyed) socket.write(encodeReply(request, this.nextReplyId++, answer));
      };
      if (reply instanceof Promise) void reply.then(send);
      else send(reply);
    };
    if (this.paused) this.held.push(answer);
    else answer();
  }

  private record(command: ReceivedCommand): void {
    this.received.push(command);
    if (this.received.length > RECEIVED_LIMIT) this.received.shift();
  }
}

/** Starts a wire test server on 127.0.0.1. */
export async function startWireServer(options: WireServerOptions = {}): Promise<WireServer> {
  const server = new WireTestServer(options);
  await server.listen();
  return server;
}
