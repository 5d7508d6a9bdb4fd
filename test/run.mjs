// Runs the compiled tests (`.test-build/**/*.test.js`, from `npm run
// build:test`) with Node's built-in runner, two files at a time. The files
// are listed one by one because `node --test <directory>` only finds them on
// Node 18 and 20: from Node 22 on, the arguments are glob patterns and a bare
// directory is taken for a file that does not exist.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../.test-build/', import.meta.url))

function testFiles(dir) {
  const found = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) found.push(...testFiles(path))
    else if (entry.name.endsWith('.test.js')) found.push(path)
  }
  return found.sort()
}

const files = testFiles(root)
if (files.length === 0) {
  console.error(`no compiled tests under ${root}: run \`npm run build:test\` first`)
  process.exit(1)
}
const run = spawnSync(process.execPath, ['--test', '--test-concurrency=2', ...files], { stdio: 'inherit' })
process.exit(run.status ?? 1)
