import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a real Redis that a test can hang (connections stay open, nothing is read: a server
 * stopped by SIGSTOP or busy in `DEBUG SLEEP`), kill (every connection dropped, new ones refused) and bring
 * back, on the same port.
 */
export class RedisProxy {
  #server: Server | undefined;
  #port = 0;
  #hung = false;
  readonly #pairs = new Set<[Socket, Socket]>();

  private constructor(private readonly upstream: { host: string; port: number }) {}

  static async start(redisUrl: string): Promise<RedisProxy> {
    const url = new URL(redisUrl);
    const proxy = new RedisProxy({ host: url.hostname, port: Number(url.port || 6379) });
    await proxy.#listen();
    return proxy;
  }

  /** The URL the shop is given instead of Redis's own. */
  get url() {
    return `redis://127.0.0.1:${this.#port}`;
  }

  async #listen() {
    const server = createServer((client) => {
      const upstream = connect(this.upstream);
      const pair: [Socket, Socket] = [client, upstream];
      this.#pairs.add(pair);
      client.pipe(upstream);
      upstream.pipe(client);
      if (this.#hung) client.pause();
      const end = () => {
        client.destroy();
        upstream.destroy();
        this.#pairs.delete(pair);
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
    await new Promise<void>((resolve) => server.listen(this.#port, '127.0.0.1', resolve));
    this.#port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  /** Redis stops answering: requests wait in the socket, as with a stopped server. */
  hang() {
    this.#hung = true;
    for (const [client] of this.#pairs) client.pause();
  }

  /** Redis answers again, the requests that waited first. */
  resume() {
    this.#hung = false;
    for (const [client] of this.#pairs) client.resume();
  }

  /** Redis is gone: every connection dropped, new ones refused. */
  async kill() {
    const server = this.#server;
    this.#server = undefined;
    for (const [client, upstream] of this.#pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.#pairs.clear();
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  /** Redis is back on the same port. */
  async restart() {
    this.#hung = false;
    await this.#listen();
  }

  async close() {
    await this.kill();
  }
}
