#!/usr/bin/env bash
# npm run test:cluster: three instances of the built shop behind HAProxy on PostgreSQL, Redis and a local S3
# server, under load and a kill -9 (see apps/api/cluster/run.ts). Installs HAProxy (Debian's package), and
# PostgreSQL and Redis when they do not answer, then builds the shop unless CLUSTER_SKIP_BUILD=1.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== services"
bash scripts/ensure-services.sh haproxy:haproxy

if [ "${CLUSTER_SKIP_BUILD:-}" != "1" ]; then
  echo "== build"
  npm run build >/dev/null
fi

exec npx tsx --conditions=source apps/api/cluster/run.ts
