# syntax=docker/dockerfile:1
# The shop for servers: `docker build -t dar-lalla .`, then see compose.yaml. Stages: the build (every
# dependency, then `npm run build`), the runtime dependencies alone (`npm ci --omit=dev`), and the image, which
# takes only what runs: the built API, storefront and contracts, the migrations and production node_modules.
ARG NODE_IMAGE=node:22-bookworm-slim

# The package manifests alone, so that dependencies are installed again only when they change.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/demo/package.json packages/demo/
COPY e2e/package.json e2e/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM manifests AS runtime-deps
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# node_modules holds the workspaces as links to their folders: the folders come with what they need. The demo
# catalogue (packages/demo) stays out: its link leads nowhere here, so the API finds no demo to seed (db/seed,
# loadDemo) and a shop on a server starts empty, for its owner to fill. To try the demo, `npm start` a clone.
COPY --from=runtime-deps /app/node_modules node_modules
COPY --from=runtime-deps /app/package.json ./
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
# The texts of the e-mails, which the API reads from the contracts package.
COPY --from=build /app/packages/contracts/locales packages/contracts/locales
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/migrations apps/api/migrations
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only: whether this process answers. Readiness (database, Redis, storage) is the balancer's to ask.
HEALTHCHECK --interval=15s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/api/dist/server.js"]
