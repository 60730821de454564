#!/bin/sh
# The official redis:7 image's start, over Debian's Redis 7: data in /data, owned by redis, and
# reachable from the compose network (its port is never published).
set -eu
if [ "$(id -u)" = 0 ]; then
  mkdir -p /data
  chown redis:redis /data
  exec setpriv --reuid=redis --regid=redis --init-groups "$0" "$@"
fi
exec redis-server --bind '* -::*' --protected-mode no --dir /data "$@"
