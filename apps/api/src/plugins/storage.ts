import { mkdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../env.js';

/** Catalogue images under /storage. Their names change when their content does, so they are cached for a year. */
export async function registerStorage(app: FastifyInstance, config: Config) {
  mkdirSync(config.storageDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.storageDir,
    prefix: '/storage/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    maxAge: '365d',
    immutable: true,
  });
}
