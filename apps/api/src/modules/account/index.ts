import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import { accountRoutes } from './routes.js';
import { AddressService } from './service.js';

export { setUserRole, type RoleChange } from './roles.js';

export interface AccountModuleOptions {
  db: Database;
}

/** The customer's account beyond sign-in: saved addresses. Register after the auth module (`app.authenticate`). */
export const accountModule: FastifyPluginAsync<AccountModuleOptions> = async (app, { db }) => {
  await app.register(accountRoutes, { addresses: new AddressService(db) });
};
