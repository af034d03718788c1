/** The contact module: the contact form, its rate limit, and the copy e-mailed to the visitor. */
export { contactRoutes } from './routes.js';
