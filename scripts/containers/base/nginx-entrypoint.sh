#!/bin/sh
# The official nginx image's entrypoint contract, over Debian's nginx: each executable
# /docker-entrypoint.d/*.sh runs before nginx starts (the admin console writes its config.js there).
set -eu
if [ "${1:-}" = nginx ]; then
  for script in /docker-entrypoint.d/*.sh; do
    [ -x "$script" ] || continue
    echo "$0: running $script"
    "$script"
  done
fi
exec "$@"
