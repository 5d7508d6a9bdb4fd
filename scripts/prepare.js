#!/usr/bin/env node
// npm's `prepare` step: builds dist/ with TypeScript when the package is
// installed from a git URL (npm installs the dev dependencies first), packed,
// or set up in a clone with `npm install`. When TypeScript is missing (a
// fresh clone installed into an app by path, which npm links without its
// dev dependencies) it installs them from the folder's lockfile and builds;
// if that cannot be done it says how to build instead of failing on `tsc:
// not found`. An installed copy (no src/: the tarball carries dist/) and a
// folder that is already built are left as they are.
'use strict'
const { spawnSync } = require('node:child_process')
const { existsSync } = require('node:fs')
const path = require('node:path')

const root = path.join(__dirname, '..')

function typescriptCompiler() {
  try {
    return require.resolve('typescript/bin/tsc', { paths: [root] })
  } catch {
    return undefined
  }
}

if (!existsSync(path.join(root, 'src'))) process.exit(0)
const tsc = typescriptCompiler()
if (tsc) {
  const build = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.json')], { stdio: 'inherit' })
  process.exit(build.status ?? 1)
}
if (existsSync(path.join(root, 'dist', 'index.js'))) process.exit(0)

// A fresh clone installed by path: npm links it without its dev
// dependencies. Install them from the folder's own lockfile (scripts off, so
// this step does not run again) and build, as `npm install` there would.
function installBuildDependencies() {
  const npmCli = process.env.npm_execpath
  if (!npmCli || !existsSync(path.join(root, 'package-lock.json'))) return false
  console.error(`webfw: building ${root}: installing its dev dependencies (npm ci) for TypeScript`)
  const ci = spawnSync(process.execPath, [npmCli, 'ci', '--ignore-scripts', '--include=dev', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NODE_ENV: 'development', npm_config_production: '', npm_config_omit: '' },
  })
  return ci.status === 0
}

const installedTsc = installBuildDependencies() ? typescriptCompiler() : undefined
if (installedTsc) {
  const build = spawnSync(process.execPath, [installedTsc, '-p', path.join(root, 'tsconfig.json')], { stdio: 'inherit' })
  process.exit(build.status ?? 1)
}
console.error(
  `webfw: cannot build ${root}: TypeScript is not installed there.\n` +
    `Run \`npm install\` in that folder first (it installs the dev dependencies and builds dist/),\n` +
    `then install the folder again, or install from its git URL or from a tarball made there with \`npm pack\`.`,
)
process.exit(1)
