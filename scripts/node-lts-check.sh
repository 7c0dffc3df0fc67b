#!/usr/bin/env bash
# The forum on a maintained Node LTS line next to the machine's own Node: unit tests, sharp (a native N-API
# addon that draws the share image) and a start-and-serve check of the built server (PGlite in memory, / and
# /healthz, SIGTERM). Node comes from the npm package `node@<line>`,
# which ships the binary; node_modules stays as `npm ci` installed it on the machine's Node.
# Usage: bash scripts/node-lts-check.sh [line]   (default 24; the binary is kept in /tmp/node<line>)
set -euo pipefail
cd "$(dirname "$0")/.."

line="${1:-24}"
prefix="/tmp/node${line}"
bin="${prefix}/node_modules/node/bin"

if ! "${bin}/node" --version 2>/dev/null | grep -q "^v${line}\."; then
  npm install --no-save --no-audit --no-fund --prefix "${prefix}" "node@${line}"
fi
export PATH="${bin}:${PATH}"
# npm and npx are the machine's scripts; they run on whichever node comes first on PATH.
echo "Node $(node --version) (${bin}), npm $(npm --version)"
node -e 'if (!process.version.startsWith(`v${process.argv[1]}.`)) { console.error(`Node ${process.argv[1]} erwartet, ${process.version} gefunden`); process.exit(1); }' "${line}"

node --input-type=module -e '
  const { default: sharp } = await import("sharp");
  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#c2410c" } }).png().toBuffer();
  console.log(`sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}) auf Node ${process.version}: PNG mit ${png.length} Bytes`);
'
npx vitest run --project unit
# One build serves both lines (CI's `npm test` made it on the machine's Node): what differs between them is how
# the server runs, not what the bundler writes. Without a build, this line makes one.
[ -f build/server/index.js ] || npm run build
npx tsx scripts/serve-check.ts
