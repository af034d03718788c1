#!/bin/sh
# The browser tests drive the system Chromium (Playwright cannot download its own here). On Debian, as root,
# install it when missing; anywhere else, say what to do.
set -e
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$CHROMIUM" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Chromium for the browser tests (apt-get install chromium)…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The browser tests need Chromium at $CHROMIUM (Debian: sudo apt-get install chromium), or set CHROMIUM_PATH." >&2
exit 1
