/**
 * The package's type wiring as consumers resolve it: a throw-away project
 * with `node_modules/webfw` linked to this package is compiled under each
 * module-resolution mode TypeScript users have (node10 with `typesVersions`,
 * node16 CommonJS and ESM through the `exports` conditions, bundler), checking
 * which declaration file each entry resolves to and that a small program
 * using all four entries compiles without errors.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import ts from 'typescript'
import { makeConsumerProject } from '../helpers/consumer-project'
import { packageRoot } from '../helpers/webfw'

const entries = ['webfw', 'webfw/v4', 'webfw/v3', 'webfw/reqlog', 'webfw/otel'] as const
const typesFile = { webfw: 'index', 'webfw/v4': 'v4', 'webfw/v3': 'v3', 'webfw/reqlog': 'reqlog', 'webfw/otel': 'otel' } as const

let project: string

before(() => {
  project = makeConsumerProject('webfw-types-', 'consumer')
})

after(() => {
  fs.rmSync(project, { recursive: true, force: true })
})

const baseOptions: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: false,
  target: ts.ScriptTarget.ES2022,
  types: ['node'],
}

/** The declaration file (relative to the package root) `name` resolves to from `file`. */
function resolvedTypes(name: string, file: string, options: ts.CompilerOptions): string | undefined {
  const containing = path.join(project, file)
  const mode = ts.getImpliedNodeFormatForFile(containing, undefined, ts.sys, options)
  const { resolvedModule } = ts.resolveModuleName(name, containing, options, ts.sys, undefined, undefined, mode)
  if (resolvedModule === undefined) return undefined
  return path.relative(fs.realpathSync(packageRoot), fs.realpathSync(resolvedModule.resolvedFileName)).split(path.sep).join('/')
}

// Parsed library files, shared by the programs of all modes (parsing
// @types/node once instead of per mode saves most of this file's time).
const parsed = new Map<string, ts.SourceFile>()

function cachingHost(options: ts.CompilerOptions): ts.CompilerHost {
  const host = ts.createCompilerHost(options)
  const getSourceFile = host.getSourceFile
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (!fileName.includes('/node_modules/') && !fileName.includes('/typescript/lib/')) {
      return getSourceFile.call(host, fileName, languageVersion, onError, shouldCreate)
    }
    const format = typeof languageVersion === 'object' ? languageVersion.impliedNodeFormat : undefined
    const key = `${fileName}:${format}`
    let file = parsed.get(key)
    if (file === undefined) {
      file = getSourceFile.call(host, fileName, languageVersion, onError, shouldCreate)
      if (file !== undefined) parsed.set(key, file)
    }
    return file
  }
  return host
}

/**
 * Compiles `files` (written into the project) and returns the diagnostics of
 * those files and of webfw's declaration files as text. Only these are
 * checked: checking all of @types/node again in every mode would cost seconds.
 */
function compile(files: Record<string, string>, options: ts.CompilerOptions): string[] {
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(project, name), text)
  const programOptions = { ...options, typeRoots: [path.join(project, 'node_modules', '@types')] }
  const program = ts.createProgram({
    rootNames: Object.keys(files).map((name) => path.join(project, name)),
    options: programOptions,
    host: cachingHost(programOptions),
  })
  const ours = program
    .getSourceFiles()
    .filter((sf) => !sf.fileName.includes('/@types/') && !sf.fileName.includes('/@opentelemetry/') && !program.isSourceFileDefaultLibrary(sf))
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...ours.flatMap((sf) => [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]),
  ]
  return diagnostics.map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)
}

const cjsConsumer = `
import webfw = require('webfw')
import webfw4 = require('webfw/v4')
import reqlog = require('webfw/reqlog')
const app: webfw.Express = webfw()
app.use(reqlog('dev'), webfw.json())
app.get('/users/:id', (req, res) => res.json({ id: req.params.id satisfies string }))
const app4: webfw4.Express = webfw4()
app4.get('/users/:id?', (req: webfw4.Request<{ id?: string }>, res) => res.send(req.param('id')))
import webfw3 = require('webfw/v3')
const app3: webfw3.Express = webfw3()
app3.configure(() => app3.use(app3.router))
app3.get('/users/:id?', (req, res) => res.send(req.host + req.params.id))
export const servers = [app.listen(0), app4.listen(0), app3.listen(0)]
import otel = require('webfw/otel')
export const instrumentation = new otel.WebfwInstrumentation({ ignoreLayersType: [otel.LayerType.MIDDLEWARE] })
`

const esmConsumer = `
import webfw, { Router, json, type Request } from 'webfw'
import webfw4, { urlencoded } from 'webfw/v4'
import reqlog, { token } from 'webfw/reqlog'
token('id', (req) => String(req.headers['x-request-id']))
const router: Router = Router()
router.get('/:name', (req: Request<{ name: string }>, res) => res.send(req.params.name))
const app = webfw()
app.use(reqlog('tiny'), json(), router)
webfw4().use(urlencoded({ extended: true }))
import webfw3, { Router as Router3 } from 'webfw/v3'
webfw3().use(new Router3().middleware)
export const server = app.listen(0)
import { WebfwInstrumentation, type LayerMessage } from 'webfw/otel'
export const instrumentation = new WebfwInstrumentation({ spanNameHook: (info, name) => name + info.route })
export const onLayer = (message: LayerMessage) => message.route
`

describe('type resolution per moduleResolution mode', () => {
  test('the checked files include webfw\'s declarations', () => {
    const options = { ...baseOptions, module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10, esModuleInterop: true }
    const broken = compile({ 'broken.ts': "import webfw = require('webfw')\nconst n: number = webfw()\n" }, options)
    assert.equal(broken.length, 1)
    assert.match(broken[0], /^broken\.ts: Type 'Express' is not assignable to type 'number'/)
  })

  test('node10: top-level types and typesVersions', () => {
    const options = { ...baseOptions, module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10, esModuleInterop: true }
    for (const name of entries) assert.equal(resolvedTypes(name, 'consumer.ts', options), `types/${typesFile[name]}.d.ts`, name)
    assert.deepEqual(compile({ 'node10.ts': cjsConsumer }, options), [])
  })

  test('node16, CommonJS: the require condition', () => {
    const options = { ...baseOptions, module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 }
    for (const name of entries) assert.equal(resolvedTypes(name, 'consumer.cts', options), `types/${typesFile[name]}.d.ts`, name)
    assert.deepEqual(compile({ 'node16.cts': cjsConsumer }, options), [])
  })

  test('node16, ESM: the import condition', () => {
    const options = { ...baseOptions, module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 }
    for (const name of entries) assert.equal(resolvedTypes(name, 'consumer.mts', options), `types/${typesFile[name]}.d.mts`, name)
    assert.deepEqual(compile({ 'node16.mts': esmConsumer }, options), [])
  })

  test('bundler: the import condition', () => {
    const options = { ...baseOptions, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler }
    for (const name of entries) assert.equal(resolvedTypes(name, 'consumer.ts', options), `types/${typesFile[name]}.d.mts`, name)
    assert.deepEqual(compile({ 'bundler.ts': esmConsumer }, options), [])
  })
})
