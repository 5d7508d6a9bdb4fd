#!/usr/bin/env bash
# Installs the system programs the tests start for real: nginx (the reverse
# proxy in front of the app) and redis-server (the shared session store) for
# the deployment tests, wrk, the benchmarks' second load generator, whose
# request script test/bench/wrk.test.ts runs, and h2load (nghttp2-client),
# the HTTP/2 load generator, which test/bench/h2-instructions.test.ts runs.
# Quick no-op when all four are already installed. The tests start their
# own private instances on loopback ports; this script never leaves a system
# service running: a temporary policy-rc.d tells the packages' install scripts
# not to start their services (unless the machine already has one).
set -euo pipefail

have() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ]; }

if have nginx && have redis-server && have wrk && have h2load; then
  echo "system-packages: nginx, redis-server, wrk and h2load already installed"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "system-packages: no apt-get here; install nginx, redis-server, wrk and nghttp2-client (h2load) by hand (the tests that need them are skipped)" >&2
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "system-packages: not root and no sudo; nginx, redis-server, wrk and h2load not installed (their tests are skipped)" >&2
    exit 0
  fi
fi

# Keep package install scripts from starting (and enabling) the services.
POLICY=/usr/sbin/policy-rc.d
ADDED_POLICY=""
if [ ! -e "$POLICY" ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$POLICY" >/dev/null
  $SUDO chmod 755 "$POLICY"
  ADDED_POLICY=1
fi
cleanup() { if [ -n "$ADDED_POLICY" ]; then $SUDO rm -f "$POLICY"; fi; }
trap cleanup EXIT

# A failed install (no network, no such package) is reported and the run
# goes on: the tests that need the programs then say they were skipped.
export DEBIAN_FRONTEND=noninteractive
if $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends nginx redis-server wrk nghttp2-client >/dev/null; then
  echo "system-packages: installed $( (/usr/sbin/nginx -v 2>&1 || nginx -v 2>&1) | head -1 ), $(redis-server --version | head -1), $( (wrk -v 2>&1 || true) | head -1), $( (h2load --version 2>&1 || true) | head -1)"
else
  echo "system-packages: apt-get could not install nginx, redis-server, wrk and nghttp2-client; the tests that need them are skipped" >&2
fi
