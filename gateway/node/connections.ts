// The server's connections and what each is doing, so shutdown can tell them apart: idle
// keep-alive connections close at once; answers in flight finish and are written to the last
// byte; connections accepted whose request was not read yet still get their answer. A
// connection is closed with `destroySoon`: once what was written has gone, as Node does itself.
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

interface Connection {
  /** Requests being answered on it (more than one only with pipelining). */
  active: number;
  /** Answers completed on it: a connection that has served one and is idle is a keep-alive one. */
  served: number;
}

export interface DrainReport {
  /** Connections still open at the deadline, ended without waiting further. */
  cut: number;
}

export class Connections {
  private readonly open = new Map<Socket, Connection>();
  private draining = false;
  private onEmpty?: () => void;

  /** Follows a socket from its acceptance to its close. */
  track(socket: Socket): void {
    this.open.set(socket, { active: 0, served: 0 });
    socket.once('close', () => {
      this.open.delete(socket);
      if (this.open.size === 0) this.onEmpty?.();
    });
  }

  /** Marks a request as being answered on its socket until its response closes. */
  begin(socket: Socket, res: ServerResponse): void {
    const connection = this.open.get(socket);
    if (!connection) return;
    connection.active++;
    res.once('close', () => {
      connection.active--;
      connection.served++;
      // An answer begun before the drain went out keep-alive: end the connection now it is written.
      if (this.draining && connection.active === 0) socket.destroySoon();
    });
  }

  get isDraining(): boolean {
    return this.draining;
  }

  /**
   * Starts the drain: idle keep-alive connections end now, the others once their answer is
   * written (answers from now on ask the client to close the connection).
   */
  startDraining(): void {
    this.draining = true;
    for (const [socket, connection] of this.open) {
      if (connection.active === 0 && connection.served > 0) socket.destroySoon();
    }
  }

  /** Resolves once no connection is left; any still open after `deadlineMs` are destroyed. */
  drained(deadlineMs: number): Promise<DrainReport> {
    return new Promise((resolve) => {
      if (this.open.size === 0) return resolve({ cut: 0 });
      const timer = setTimeout(() => {
        const cut = this.open.size;
        for (const socket of this.open.keys()) socket.destroy();
        resolve({ cut });
      }, deadlineMs);
      this.onEmpty = () => {
        clearTimeout(timer);
        resolve({ cut: 0 });
      };
    });
  }
}
