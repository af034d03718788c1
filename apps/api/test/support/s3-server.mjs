// The local S3 server's own process (see s3.ts): s3rver over a directory, answering its port on stdout.
// Usage: node --openssl-legacy-provider s3-server.mjs <directory> <bucket> <port, 0 for any>
import S3rver from 's3rver';

const [directory, bucket, port] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  directory,
  silent: true,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const { port: bound } = await server.run();
process.stdout.write(`${JSON.stringify({ port: bound })}\n`);
// Ends with its parent: a closed stdin means the test that started it is gone.
process.stdin.resume();
process.stdin.on('end', () => server.close().then(() => process.exit(0)));
