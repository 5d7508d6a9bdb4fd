/**
 * The declarations in types/ against the runtime: every member the types
 * declare on the factories, the request and response prototypes, an
 * application, a router and a route must exist on the real objects, and
 * members declared `never` (there only for assignability to @types/express)
 * must not. Members that are per-request data (set while a request is
 * handled, e.g. `req.params`) are listed here, not looked for.
 */
import assert from 'node:assert/strict'
import { METHODS } from 'node:http'
import path from 'node:path'
import { describe, test } from 'node:test'
import ts from 'typescript'
import { packageRoot, webfw, webfw3, webfw4, type Any } from '../helpers/webfw'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const reqlog: Any = require('webfw/reqlog')

const typesDir = path.join(packageRoot, 'types')

/**
 * Set on each request or response while it is handled, not found on the
 * prototypes; the second row by Express 3's bundled middleware (webfw/v3).
 */
const perRequest = {
  request: [
    'body', 'cookies', 'signedCookies', 'secret', 'params', 'query', 'route', 'originalUrl', 'url', 'baseUrl', 'method', 'res', 'next',
    'session', 'sessionID', 'user', 'csrfToken', 'timedout', 'clearTimeout', 'originalMethod', 'vhost',
  ],
  response: ['req'],
}

/** Declared in the types and in the spec, but not implemented yet: each entry must really be missing. */
const notYetImplemented: Record<string, string[]> = {}

/** Declared `never` because reading them throws at runtime, as in Express 4 (`app.router`). */
const throwsWhenRead: Record<string, string[]> = {
  'webfw/v4 Express': ['router'],
}

const probe = `
import webfw = require('webfw')
import webfw4 = require('webfw/v4')
import webfw3 = require('webfw/v3')
import reqlog = require('webfw/reqlog')
export declare const subjects: {
  'webfw factory': typeof webfw
  'webfw Request': webfw.Request
  'webfw Response': webfw.Response
  'webfw Express': webfw.Express
  'webfw Router': webfw.Router
  'webfw IRoute': webfw.IRoute
  'webfw cookieParser': webfw.CookieParser
  'webfw/v4 factory': typeof webfw4
  'webfw/v4 Request': webfw4.Request
  'webfw/v4 Response': webfw4.Response
  'webfw/v4 Express': webfw4.Express
  'webfw/v4 Router': webfw4.Router
  'webfw/v4 IRoute': webfw4.IRoute
  'webfw/v3 factory': typeof webfw3
  'webfw/v3 Request': webfw3.Request
  'webfw/v3 Response': webfw3.Response
  'webfw/v3 Express': webfw3.Express
  'webfw/v3 Router': webfw3.RouteMap
  'webfw/v3 Route': webfw3.Route
  'webfw/reqlog': typeof reqlog
}
`

interface Declared {
  present: string[]
  never: string[]
}

/** Per subject: the members declared in types/ (not those inherited from Node's types), split by `never`. */
function declaredMembers(): Record<string, Declared> {
  const file = path.join(packageRoot, 'test', 'package', '__types-runtime-probe.ts')
  const host = ts.createCompilerHost({})
  const getSourceFile = host.getSourceFile
  host.getSourceFile = (name, version, ...rest) =>
    name === file ? ts.createSourceFile(name, probe, version) : getSourceFile.call(host, name, version, ...rest)
  host.fileExists = ((exists) => (name: string) => name === file || exists(name))(host.fileExists)
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  }
  const program = ts.createProgram({ rootNames: [file], options, host })
  const errors = program.getSemanticDiagnostics(program.getSourceFile(file))
  assert.deepEqual(errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')), [])
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(file) as ts.SourceFile
  const moduleSymbol = checker.getSymbolAtLocation(source) as ts.Symbol
  const subjects = checker.getExportsOfModule(moduleSymbol).find((s) => s.name === 'subjects') as ts.Symbol
  const result: Record<string, Declared> = {}
  for (const subject of checker.getTypeOfSymbol(subjects).getProperties()) {
    const type = checker.getTypeOfSymbol(subject)
    const declared: Declared = { present: [], never: [] }
    for (const member of type.getProperties()) {
      const fromTypesDir = (member.declarations ?? []).some((d) => path.dirname(d.getSourceFile().fileName) === typesDir)
      if (!fromTypesDir || member.name === 'prototype') continue
      const memberType = checker.getTypeOfSymbol(member)
      if (memberType.flags & ts.TypeFlags.Never) declared.never.push(member.name)
      else declared.present.push(member.name)
    }
    result[subject.name] = declared
  }
  return result
}

function runtimeObjects(): Record<string, object> {
  const app = webfw()
  const app4 = webfw4()
  const app3 = webfw3()
  return {
    'webfw factory': webfw,
    'webfw Request': app.request,
    'webfw Response': app.response,
    'webfw Express': app,
    'webfw Router': webfw.Router(),
    'webfw IRoute': webfw.Router().route('/x'),
    'webfw cookieParser': webfw.cookieParser,
    'webfw/v4 factory': webfw4,
    'webfw/v4 Request': app4.request,
    'webfw/v4 Response': app4.response,
    'webfw/v4 Express': app4,
    'webfw/v4 Router': webfw4.Router(),
    'webfw/v4 IRoute': webfw4.Router().route('/x'),
    'webfw/v3 factory': webfw3,
    'webfw/v3 Request': app3.request,
    'webfw/v3 Response': app3.response,
    'webfw/v3 Express': app3,
    'webfw/v3 Router': new webfw3.Router(),
    'webfw/v3 Route': new webfw3.Route('get', '/x', []),
    'webfw/reqlog': reqlog,
  }
}

/** `query` is routed only on the versions of Node.js that know the method, as the types say (optional member). */
const optionalByNode = METHODS.includes('QUERY') ? [] : ['query']

describe('declared members exist at runtime', () => {
  const declared = declaredMembers()
  const objects = runtimeObjects()

  test('every subject was found in the types', () => {
    assert.deepEqual(Object.keys(declared).sort(), Object.keys(objects).sort())
    for (const [name, members] of Object.entries(declared)) assert.ok(members.present.length > 0, name)
  })

  for (const [name, object] of Object.entries(objects)) {
    test(name, () => {
      const skip = new Set([
        ...(name.endsWith('Request') ? perRequest.request : []),
        ...(name.endsWith('Response') ? perRequest.response : []),
        ...optionalByNode,
      ])
      const pending = notYetImplemented[name] ?? []
      const missing = declared[name].present.filter((m) => !skip.has(m) && !(m in object))
      assert.deepEqual(missing, pending, `${name}: declared but missing at runtime`)
      const throwing = throwsWhenRead[name] ?? []
      const phantoms = declared[name].never.filter((m) => m in object && !throwing.includes(m))
      assert.deepEqual(phantoms, [], `${name}: declared never but present at runtime`)
      for (const m of throwing) assert.throws(() => (object as Any)[m], `${name}: reading ${m} should throw`)
    })
  }
})
