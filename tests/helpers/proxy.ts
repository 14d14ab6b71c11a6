import net from 'node:net';

/**
 * A TCP relay in front of PostgreSQL or Redis that a test can cut and restore (issue 41): cut, every connection
 * through it drops and new ones are refused, as when the service stops; restored, it listens on the same port.
 */
export class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Listens (on a free port the first time, then on the same one). */
  async open(): Promise<this> {
    const server = net.createServer((inbound) => {
      const outbound = net.connect(this.targetPort, this.targetHost);
      for (const socket of [inbound, outbound]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          inbound.destroy();
          outbound.destroy();
        });
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
    return this;
  }

  /** Drops every connection and refuses new ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** `url` with its host and port replaced by the relay's. */
  through(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }
}

/** A relay to the host and port `url` names. */
export const relayTo = (url: string) => {
  const parsed = new URL(url);
  return new Relay(parsed.hostname, Number(parsed.port || (parsed.protocol.startsWith('redis') ? 6379 : 5432))).open();
};
