#!/bin/sh
# Runs at the web container's start (nginx's /docker-entrypoint.d, docker-compose.yml mounts it):
# each nginx worker may hold 8192 connections, not the image's 1024 (Debian's 768). A proxied
# request takes two, the member's and one to a replica: 2,000 members answering at once need
# 4,000, and with too few a crowd's connections wait unaccepted while nginx, short of free ones,
# closes members' idle kept-alive connections (bench/README.md, the RSVP storm).
set -eu
conf=/etc/nginx/nginx.conf
sed -i -E 's/^([[:space:]]*worker_connections)[[:space:]]+[0-9]+;/\1 8192;/' "$conf"
# A descriptor for each connection, and the cache's open files beside them (run again at each
# restart of the container: added once).
grep -q '^worker_rlimit_nofile' "$conf" || sed -i '/^worker_processes/a worker_rlimit_nofile 20000;' "$conf"
# Both edits took: an image whose nginx.conf is shaped otherwise fails here, not under a crowd.
grep -Eq '^[[:space:]]*worker_connections 8192;' "$conf"
grep -q '^worker_rlimit_nofile 20000;' "$conf"
