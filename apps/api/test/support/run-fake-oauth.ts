/**
 * Runs the fake Google/Apple/Facebook provider as a process of its own, for the browser tests:
 *
 *   npx tsx apps/api/test/support/run-fake-oauth.ts [--port 4010] [--host 127.0.0.1] [--write-env path]
 *
 * The port also comes from FAKE_OAUTH_PORT (default 4010). FAKE_OAUTH_APPLE_PRIVATE_KEY (PEM, `\n` escapes
 * allowed) fixes the Apple developer key, so that the API can be given the same one as APPLE_PRIVATE_KEY;
 * without it a key is generated. `--write-env` writes the API's variables (credentials and endpoints) in the
 * format of `node --env-file`; `GET /__control/env` answers the same as JSON. Stops on SIGINT/SIGTERM.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startFakeOAuthProvider } from './fake-oauth-provider.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'write-env': { type: 'string' },
  },
});

const port = Number(values.port ?? process.env.FAKE_OAUTH_PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`fake OAuth provider: invalid port ${values.port ?? process.env.FAKE_OAUTH_PORT}`);
  process.exit(1);
}

const fake = await startFakeOAuthProvider({
  port,
  host: values.host ?? process.env.FAKE_OAUTH_HOST ?? '127.0.0.1',
  applePrivateKey: process.env.FAKE_OAUTH_APPLE_PRIVATE_KEY || undefined,
});

if (values['write-env']) {
  const lines = Object.entries(fake.apiEnv).map(
    ([name, value]) => `${name}="${value.replaceAll('\n', '\\n')}"`,
  );
  writeFileSync(values['write-env'], `${lines.join('\n')}\n`, { mode: 0o600 });
}

console.log(`fake OAuth provider listening on ${fake.url}`);
console.log(`  google issuer   ${fake.issuers.google}`);
console.log(`  apple issuer    ${fake.issuers.apple}`);
console.log(`  facebook        ${fake.apiEnv.FACEBOOK_AUTH_URL}`);
console.log(
  `  API variables   GET ${fake.url}/__control/env${values['write-env'] ? ` (also in ${values['write-env']})` : ''}`,
);
console.log(
  `  choose the user POST ${fake.url}/__control/user {"sub","email","email_verified","name","provider"?}`,
);

const stop = () => {
  void fake.close().finally(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
