/** The system module: health, readiness and the shop's public settings. */
export { systemRoutes } from './routes.js';
