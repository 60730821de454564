#!/bin/sh
# The official nginx image's entrypoint contract, over Debian 13's nginx: each executable
# /docker-entrypoint.d/*.sh runs before nginx starts (the console writes its config.js there,
# deploy/nginx-resolver.sh nginx's resolver). This nginx (1.26) predates `resolve` on an upstream
# server (1.27.3): the site is served from a copy without it, and a watcher reloads nginx when a
# name it resolved changes address, which is what `resolve` does (docs/adr/0048-real-containers.md).
set -eu
if [ "${1:-}" = nginx ]; then
  for script in /docker-entrypoint.d/*.sh; do
    [ -x "$script" ] || continue
    echo "$0: running $script"
    "$script"
  done
  mkdir -p /etc/nginx/standin.d
  rm -f /etc/nginx/standin.d/*.conf
  names=''
  for conf in /etc/nginx/conf.d/*.conf; do
    [ -e "$conf" ] || continue
    names="$names $(sed -n 's/^[[:space:]]*server[[:space:]]\{1,\}\([A-Za-z0-9.-]\{1,\}\):[0-9]\{1,\}.*[[:space:]]resolve;.*/\1/p' "$conf")"
    sed 's/\([[:space:]]server[[:space:]][^;]*\)[[:space:]]resolve;/\1;/' "$conf" > "/etc/nginx/standin.d/$(basename "$conf")"
  done
  if [ -n "$(echo $names)" ]; then
    (
      # Every name's addresses, or a failure when a lookup fails (a DNS server slow under load): a
      # failed lookup is no change, and a reload for nothing closes clients' idle connections.
      addresses() {
        for n in $names; do
          found=$(getent ahostsv4 "$n" | cut -d' ' -f1 | sort -u | tr '\n' ' ')
          [ -n "$found" ] || return 1
          printf '%s' "$found"
        done
      }
      seen=$(addresses) || seen=''
      while sleep 5; do
        now=$(addresses) || continue
        if [ "$now" != "$seen" ]; then
          echo "$0: $names now at $now: reloading" >&2
          seen=$now
          nginx -s reload || true
        fi
      done
    ) &
  fi
fi
exec "$@"
