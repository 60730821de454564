#!/bin/sh
# Runs at the web container's start (nginx's /docker-entrypoint.d, docker-compose.yml mounts it):
# the container's own DNS server, whichever the engine (Docker's 127.0.0.11, Podman's aardvark-dns
# at the network's gateway), becomes nginx's resolver, so deploy/nginx.conf's upstream follows the
# replicas (`resolve`) as they start, stop, scale and come back with new addresses.
set -eu
server=''
while read -r key value _; do
  if [ "$key" = nameserver ]; then server=$value; break; fi
done < /etc/resolv.conf
if [ -z "$server" ]; then echo "nginx-resolver.sh: no nameserver in /etc/resolv.conf" >&2; exit 1; fi
case "$server" in *:*) server="[$server]" ;; esac
echo "resolver $server valid=10s ipv6=off;" > /etc/nginx/conf.d/00-resolver.conf
