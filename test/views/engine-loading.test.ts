/**
 * Engines loaded by extension from where an app's packages really are:
 * the `views` directories' node_modules first (the app's copy wins over a
 * different one beside webfw), NODE_PATH, the app's own node_modules (also
 * when webfw itself is installed elsewhere), and clear errors for packages that are missing, broken, or not
 * engines. Each case runs in a child process so module resolution starts
 * from scratch.
 */
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { promisify } from 'node:util'
import { packageRoot } from '../helpers/webfw'
import { tempDir } from './support'

const run = promisify(execFile)

/** Writes `files` (relative path → content) under `root`. */
function writeTree(root: string, files: Record<string, string>): void {
  for (const [rel, content] of Object.entries(files)) {
    const file = join(root, rel)
    mkdirSync(join(file, '..'), { recursive: true })
    writeFileSync(file, content)
  }
}

const engine = (tag: string) => `exports.__express = (path, options, cb) => cb(null, '${tag}:' + options.who)\n`

// Renders argv[2] from ./views and prints the outcome as JSON (an engine
// that cannot be loaded makes app.render throw, as in Express).
const renderScript = (views: string) => `
const webfw = require(${JSON.stringify(packageRoot)})
const app = webfw()
app.set('views', ${views})
const report = (err, html) => process.stdout.write(JSON.stringify(err ? { error: err.message, code: err.code } : { html }))
try {
  app.render(process.argv[process.argv.length - 1], { who: 'w' }, report)
} catch (err) {
  report(err)
}
`

describe('engine loading by extension', () => {
  const tmp = tempDir()
  const appDir = join(tmp.dir, 'app')
  const globalDir = join(tmp.dir, 'global')

  before(() => {
    writeTree(globalDir, { 'nodepathengine/index.js': engine('nodepath') })
    writeTree(appDir, {
      'node_modules/appengine/index.js': engine('app'),
      'node_modules/brokenengine/index.js': "require('webfw-missing-dependency')\n",
      'node_modules/notengine/index.js': 'exports.render = () => {}\n',
      // A package named like one webfw's own checkout also has (its dev
      // copy of ejs): the app's copy is the one its templates get.
      'node_modules/ejs/index.js': engine('app-ejs'),
      'views/page.ejs': '',
      'views/page.nodepathengine': '',
      'views/page.appengine': '',
      'views/page.brokenengine': '',
      'views/page.notengine': '',
      'main.js': renderScript('__dirname + "/views"'),
    })
  })
  after(() => tmp.remove())

  async function renderIn(args: string[], options: { cwd?: string; nodePath?: string } = {}) {
    const env = { ...process.env }
    delete env.NODE_PATH
    if (options.nodePath) env.NODE_PATH = options.nodePath
    const { stdout } = await run(process.execPath, args, { cwd: options.cwd ?? tmp.dir, env })
    return JSON.parse(stdout)
  }

  it('finds an engine package through NODE_PATH', async () => {
    const out = await renderIn([join(appDir, 'main.js'), 'page.nodepathengine'], { nodePath: globalDir })
    assert.deepEqual(out, { html: 'nodepath:w' })
  })

  it('does not find it without NODE_PATH (control)', async () => {
    const out = await renderIn([join(appDir, 'main.js'), 'page.nodepathengine'])
    assert.equal(out.code, 'MODULE_NOT_FOUND')
    assert.match(out.error, /nodepathengine/)
  })

  it("finds an engine in the app's own node_modules when webfw is installed elsewhere", async () => {
    const out = await renderIn([join(appDir, 'main.js'), 'page.appengine'])
    assert.deepEqual(out, { html: 'app:w' })
  })

  it("finds an engine in the working directory's node_modules (no main module)", async () => {
    const out = await renderIn(['-e', renderScript('process.cwd() + "/views"'), 'page.appengine'], { cwd: appDir })
    assert.deepEqual(out, { html: 'app:w' })
  })

  it("prefers the app's copy of an engine to the one beside webfw", async () => {
    // Control: from webfw's own place the name is another package.
    const ours = require.resolve('ejs', { paths: [packageRoot] })
    assert.notEqual(ours, join(appDir, 'node_modules', 'ejs', 'index.js'))
    const out = await renderIn([join(appDir, 'main.js'), 'page.ejs'])
    assert.deepEqual(out, { html: 'app-ejs:w' })
  })

  it('reports the missing dependency of an engine, not a missing engine', async () => {
    const out = await renderIn([join(appDir, 'main.js'), 'page.brokenengine'])
    assert.equal(out.code, 'MODULE_NOT_FOUND')
    assert.match(out.error, /webfw-missing-dependency/)
  })

  it('reports a package without an __express export', async () => {
    const out = await renderIn([join(appDir, 'main.js'), 'page.notengine'])
    assert.deepEqual(out, { error: 'Module "notengine" does not provide a view engine.' })
  })
})
