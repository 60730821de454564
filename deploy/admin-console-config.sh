#!/bin/sh
# Runs at the console container's start (nginx's /docker-entrypoint.d): writes config.js from
# CONSOLE_API_ORIGIN, so one image serves any API without a rebuild, and the Content-Security-Policy
# that lets the console call and show that origin only. Empty means the same origin.
set -eu
origin="${CONSOLE_API_ORIGIN:-}"
case "$origin" in
  '' | http://* | https://*) ;;
  *) echo "CONSOLE_API_ORIGIN must start with http:// or https:// (got \"$origin\")" >&2; exit 1 ;;
esac
case "$origin" in
  *[!A-Za-z0-9:/.\[\]-]*) echo "CONSOLE_API_ORIGIN must be an origin such as https://platform.example.org" >&2; exit 1 ;;
esac
config_js="${CONSOLE_CONFIG_JS:-/usr/share/nginx/html/config.js}"
printf "window.__APP_CONFIG__ = { apiOrigin: '%s' };\n" "$origin" > "$config_js"
# The page's import map is an inline script: its hash (written by the build beside index.html) lets it run.
import_map=$(cat "$(dirname "$config_js")/import-map.sha256")
# Uploaded images and videos come from the API's origin; scripts and styles only from the console's.
api="${origin:+ $origin}"
csp="default-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"
csp="$csp; script-src 'self' $import_map; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; font-src 'self' data:"
csp="$csp; img-src 'self' data: blob: https:$api; media-src 'self' blob: https:$api; connect-src 'self'$api"
printf 'add_header Content-Security-Policy "%s" always;\n' "$csp" > "${CONSOLE_CSP_CONF:-/etc/nginx/admin-console-csp.conf}"
