#!/usr/bin/env bash
# Makes sure PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379) answer, installing them from Debian's
# packages and starting them when they do not (as CI's fresh machines need). Sourced by .ci/run and
# scripts/test-cluster.sh; pass extra Debian packages to install when their command is missing, as
# "command:package" pairs (e.g. haproxy:haproxy).
set -euo pipefail

apt_updated=
apt_install() {
  [ -n "$apt_updated" ] || { apt-get update -qq; apt_updated=1; }
  apt-get install -y -qq "$@" >/dev/null
}

if ! command -v pg_isready >/dev/null 2>&1; then apt_install postgresql; fi
if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi

redis_up() { (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; }
if ! redis_up; then
  command -v redis-server >/dev/null 2>&1 || apt_install redis-server
  redis-server --daemonize yes --save '' --appendonly no --bind 127.0.0.1 --port 6379 >/dev/null
  for _ in $(seq 1 30); do redis_up && break; sleep 1; done
fi

for pair in "$@"; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || apt_install "${pair#*:}"
done
