#!/bin/sh
# The browser tests drive the system Chromium (Playwright cannot download its own here). On Debian, as root,
# install it when missing; anywhere else, say what to do.
# They also want the Arabic face Android phones have (Noto Naskh Arabic UI): the Arabic pages' fallback face is
# matched to it, and the first-load stories check that the web face's arrival moves nothing on such a phone.
set -e
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
as_root_on_debian() { [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; }
if [ ! -x "$CHROMIUM" ]; then
  if ! as_root_on_debian; then
    echo "The browser tests need Chromium at $CHROMIUM (Debian: sudo apt-get install chromium), or set CHROMIUM_PATH." >&2
    exit 1
  fi
  echo "Installing Chromium for the browser tests (apt-get install chromium)…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
if ! fc-list 2>/dev/null | grep -q "Noto Naskh Arabic UI"; then
  if as_root_on_debian; then
    echo "Installing Android's Arabic face for the browser tests (apt-get install fonts-noto-ui-core)…"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-ui-core >/dev/null
  else
    echo "Without Noto Naskh Arabic UI (Debian: fonts-noto-ui-core) the Arabic first-load story fails." >&2
  fi
fi
