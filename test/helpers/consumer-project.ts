// A scratch project that "installed" webfw: a temporary folder whose
// node_modules/webfw is a link to this checkout (with @types/node beside it),
// for tests that compile or run code the way an application would.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { packageRoot } from './webfw'

/** Creates the folder and returns its path; the caller removes it. */
export function makeConsumerProject(prefix: string, name: string): string {
  const project = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  fs.mkdirSync(path.join(project, 'node_modules', '@types'), { recursive: true })
  fs.symlinkSync(packageRoot, path.join(project, 'node_modules', 'webfw'), 'dir')
  fs.symlinkSync(path.join(packageRoot, 'node_modules', '@types', 'node'), path.join(project, 'node_modules', '@types', 'node'), 'dir')
  fs.writeFileSync(path.join(project, 'package.json'), `{ "name": "${name}", "private": true }\n`)
  return project
}

/**
 * A scratch project whose node_modules/express is this package, as an npm
 * alias installs it (`"express": "npm:webfw@..."`): `require` resolves
 * `express/lib/...` from it. The caller removes `dir`.
 */
export function makeExpressAliasProject(prefix: string): { dir: string; require: NodeRequire } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  fs.mkdirSync(path.join(dir, 'node_modules'))
  fs.symlinkSync(packageRoot, path.join(dir, 'node_modules', 'express'), 'dir')
  return { dir, require: createRequire(path.join(dir, 'app.js')) }
}
