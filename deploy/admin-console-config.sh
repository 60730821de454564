#!/bin/sh
# Runs at the console container's start (nginx's /docker-entrypoint.d): writes config.js from
# CONSOLE_API_ORIGIN, so one image serves any API without a rebuild. Empty means the same origin.
set -eu
origin="${CONSOLE_API_ORIGIN:-}"
case "$origin" in
  '' | http://* | https://*) ;;
  *) echo "CONSOLE_API_ORIGIN must start with http:// or https:// (got \"$origin\")" >&2; exit 1 ;;
esac
case "$origin" in
  *[!A-Za-z0-9:/.\[\]-]*) echo "CONSOLE_API_ORIGIN must be an origin such as https://platform.example.org" >&2; exit 1 ;;
esac
printf "window.__APP_CONFIG__ = { apiOrigin: '%s' };\n" "$origin" > "${CONSOLE_CONFIG_JS:-/usr/share/nginx/html/config.js}"
