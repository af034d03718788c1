import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './env.js';

async function main() {
  // Whatever the shop writes (database, secret, mail, uploads) is readable by its own user only.
  process.umask(0o077);
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; a hung one does not keep the process forever.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.shop.name} is open at ${config.publicUrl}`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Could not start the shop:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
