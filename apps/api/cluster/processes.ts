/**
 * The moving parts of the cluster test, each a real server on 127.0.0.1: the shop's instances (the built app,
 * as `npm run serve` starts it), HAProxy from Debian's package, and the S3 and SMTP servers (services.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every `everyMs` until it answers true; rejects after `timeoutMs` naming `what`. */
export async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs: number, everyMs = 100) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`${what}: not within ${Math.round(timeoutMs / 1000)} s`);
    await sleep(everyMs);
  }
}

export const answers = async (url: string) => (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;

export interface Instance {
  name: string;
  port: number;
  url: string;
  /** How long the last start took until /api/health/ready answered 200. */
  startMs: number;
  process: ChildProcess | undefined;
  start(): Promise<void>;
  kill(signal: NodeJS.Signals): void;
  stop(): Promise<void>;
}

/** One instance of the built shop: `node apps/api/dist/server.js` with its own data dir and log file. */
export function instance(
  name: string,
  port: number,
  serverJs: string,
  env: Record<string, string>,
  logDir: string,
): Instance {
  const url = `http://127.0.0.1:${port}`;
  const self: Instance = {
    name,
    port,
    url,
    startMs: 0,
    process: undefined,
    async start() {
      const log = openSync(join(logDir, `${name}.log`), 'a');
      const started = performance.now();
      const child = spawn(process.execPath, [serverJs], {
        env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), DATA_DIR: join(logDir, name) },
        stdio: ['ignore', log, log],
      });
      self.process = child;
      let exited: string | undefined;
      child.once('exit', (code, signal) => (exited = `exited (${signal ?? code})`));
      await waitFor(
        `${name} ready`,
        async () => {
          if (exited) throw new Error(`${name} ${exited}: see ${join(logDir, `${name}.log`)}`);
          return answers(`${url}/api/health/ready`);
        },
        180_000,
        50,
      ).catch((err: unknown) => {
        if (exited) throw new Error(`${name} ${exited} while starting: see ${join(logDir, `${name}.log`)}`);
        throw err;
      });
      self.startMs = performance.now() - started;
    },
    kill(signal) {
      self.process?.kill(signal);
    },
    async stop() {
      const child = self.process;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([gone, sleep(10_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
  return self;
}

export interface Balancer {
  /** Round robin over every instance. */
  url: string;
  /** The first instance alone, through the same proxy: the one-instance figure of the comparison. */
  singleUrl: string;
  /** Runs a command on HAProxy's admin socket and answers its output. */
  command(line: string): Promise<string>;
  /** Whether HAProxy holds this server as up (its health check passes). */
  isUp(server: string): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * HAProxy in front of the instances: health checks on /api/health/ready every second (down after three failures,
 * so that a check slowed by load does not take a server out; up after two passes), a connection refused in
 * live traffic marks a server down at once, a request that cannot connect is retried on another server, and every answer,
 * HAProxy's own 502s and 503s included, names the server that had it in `x-served-by`.
 */
export async function balancer(
  binary: string,
  dir: string,
  ports: { all: number; single: number },
  servers: Instance[],
): Promise<Balancer> {
  const socket = join(dir, 'haproxy.sock');
  const config = join(dir, 'haproxy.cfg');
  // A connection refused in live traffic marks the server down at once, without waiting for its next check.
  const line = (s: Instance, check: boolean) =>
    `  server ${s.name} 127.0.0.1:${s.port}${check ? ' check inter 1s fall 3 rise 2 observe layer4 error-limit 1 on-error mark-down' : ''}`;
  writeFileSync(
    config,
    [
      'global',
      `  stats socket ${socket} mode 600 level admin`,
      '  maxconn 4096',
      'defaults',
      '  mode http',
      '  timeout connect 1s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout http-keep-alive 10s',
      // A busy instance may take a moment to answer its check; one that is gone refuses at once.
      '  timeout check 3s',
      // Only a connection that could not be made is retried: the request never reached a server, so even a
      // POST is safe to send elsewhere. What a dying server had already received is the shopper's to retry.
      '  retries 3',
      '  option redispatch 1',
      '  retry-on conn-failure',
      'frontend shop',
      `  bind 127.0.0.1:${ports.all}`,
      '  http-after-response set-header x-served-by %s',
      '  default_backend instances',
      'frontend single',
      `  bind 127.0.0.1:${ports.single}`,
      '  http-after-response set-header x-served-by %s',
      '  default_backend first',
      'backend instances',
      '  balance roundrobin',
      '  option httpchk',
      '  http-check send meth GET uri /api/health/ready',
      ...servers.map((s) => line(s, true)),
      'backend first',
      line(servers[0]!, false),
      '',
    ].join('\n'),
  );
  const log = openSync(join(dir, 'haproxy.log'), 'a');
  const child = spawn(binary, ['-f', config, '-db'], { stdio: ['ignore', log, log] });
  let exited = false;
  child.once('exit', () => (exited = true));

  const command = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const conn = createConnection(socket);
      let out = '';
      conn.setEncoding('utf8');
      conn.on('data', (chunk: string) => (out += chunk));
      conn.on('end', () => resolve(out));
      conn.on('error', reject);
      conn.end(`${text}\n`);
    });
  const isUp = async (server: string) => {
    // `show servers state instances`: one line per server, the 6th field its operational state (2: running).
    const state = await command('show servers state instances');
    const row = state.split('\n').find((l) => l.split(' ')[3] === server);
    return row?.split(' ')[5] === '2';
  };
  await waitFor(
    'HAProxy with every instance up',
    async () => {
      if (exited) throw new Error(`haproxy exited: see ${join(dir, 'haproxy.log')}`);
      return (await Promise.all(servers.map((s) => isUp(s.name)))).every(Boolean);
    },
    20_000,
  );
  return {
    url: `http://127.0.0.1:${ports.all}`,
    singleUrl: `http://127.0.0.1:${ports.single}`,
    command,
    isUp,
    async stop() {
      if (exited) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([gone, sleep(5000)]);
    },
  };
}

/** A message the SMTP server accepted: its subject, its Message-ID and when it arrived (epoch ms). */
export interface ReceivedMessage {
  subject: string;
  messageId: string;
  at: number;
}

export interface Services {
  /** The variables that point the shop at the S3 server's bucket. */
  s3Env: Record<string, string>;
  smtpUrl: string;
  /** The messages the SMTP server accepted, in order. */
  messages: ReceivedMessage[];
  stop(): Promise<void>;
}

/** The S3 and SMTP servers (cluster/services.ts), in a child process. */
export async function services(
  ports: { s3: number; smtp: number },
  bucket: string,
  logDir: string,
): Promise<Services> {
  const script = fileURLToPath(new URL('./services.ts', import.meta.url));
  const log = openSync(join(logDir, 'services.log'), 'a');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', script, String(ports.s3), String(ports.smtp), bucket],
    {
      stdio: ['pipe', 'pipe', log],
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    },
  );
  const messages: ReceivedMessage[] = [];
  const lines = createInterface({ input: child.stdout! });
  const ready = new Promise<{ s3: Record<string, string>; smtp: string }>((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`the S3 and SMTP servers exited (${code}): see ${join(logDir, 'services.log')}`)),
    );
    lines.on('line', (line) => {
      const message = JSON.parse(line) as {
        ready?: { s3: Record<string, string>; smtp: string };
        subject?: string;
        messageId?: string;
        at?: number;
      };
      if (message.ready) resolve(message.ready);
      if (message.subject !== undefined)
        messages.push({ subject: message.subject, messageId: message.messageId ?? '', at: message.at ?? 0 });
    });
  });
  const started = await Promise.race([
    ready,
    sleep(60_000).then(() => Promise.reject(new Error('S3 and SMTP servers: no start in 60 s'))),
  ]);
  return {
    s3Env: started.s3,
    smtpUrl: started.smtp,
    messages,
    async stop() {
      if (child.exitCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([gone, sleep(5000)]);
    },
  };
}

export interface RedisServer {
  url: string;
  start(): Promise<void>;
  /** SIGSTOP: the server keeps its connections and answers nothing (a hung Redis). */
  hang(): void;
  /** SIGCONT: it answers again, what waited first. */
  resume(): void;
  /** SIGKILL: gone, with everything it held (no persistence, as in compose.yaml). */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A Redis server of the test's own on `port` (never the machine's shared one, which other runs use), without
 * persistence, that the test may hang, kill and start again.
 */
export function redisServer(binary: string, port: number, logDir: string): RedisServer {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const url = `redis://127.0.0.1:${port}`;
  const pings = () =>
    new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'));
      socket.setTimeout(500, () => socket.destroy());
      socket.on('data', (data) => {
        resolve(data.toString().startsWith('+PONG'));
        socket.destroy();
      });
      socket.on('error', () => resolve(false));
      socket.on('close', () => resolve(false));
    });
  const kill = async () => {
    child?.kill('SIGKILL');
    await exited;
    child = undefined;
  };
  return {
    url,
    async start() {
      const log = openSync(join(logDir, 'redis.log'), 'a');
      const started = spawn(
        binary,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: ['ignore', log, log] },
      );
      child = started;
      exited = new Promise((resolve) => started.once('exit', () => resolve()));
      await waitFor(`redis-server on ${port}`, pings, 10_000, 50);
    },
    hang: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    kill,
    async stop() {
      child?.kill('SIGCONT');
      await kill();
    },
  };
}
