// Route-parameter inference from literal paths: the 5.x syntax for `webfw`,
// the 4.x syntax for `webfw/v4`, through the RouteParameters types and
// through `req.params` in handlers.
import webfw = require('webfw')
import webfw4 = require('webfw/v4')
import { describe, expect, test } from 'tstyche'

type P5<Path extends string | RegExp> = webfw.RouteParameters<Path>
type P4<Path extends string | RegExp> = webfw4.RouteParameters<Path>

describe('RouteParameters (5.x)', () => {
  test('named parameters are strings', () => {
    expect<P5<'/users/:id'>>().type.toBe<{ id: string }>()
    expect<P5<'/users/:userId/books/:bookId'>>().type.toBe<{ userId: string; bookId: string }>()
    expect<P5<'/flights/:from-:to'>>().type.toBe<{ from: string; to: string }>()
    expect<P5<'/plantae/:genus.:species'>>().type.toBe<{ genus: string; species: string }>()
    expect<P5<'/:$id_2'>>().type.toBe<{ $id_2: string }>()
  })

  test('quoted names may hold any character', () => {
    expect<P5<'/:"with space"/x'>>().type.toBe<{ 'with space': string }>()
  })

  test('a wildcard is the array of the segments it matched', () => {
    expect<P5<'/files/*path'>>().type.toBe<{ path: string[] }>()
    expect<P5<'/*splat'>>().type.toBe<{ splat: string[] }>()
    expect<P5<'/users/:id/*rest'>>().type.toBe<{ id: string; rest: string[] }>()
  })

  test('parameters inside braces are optional', () => {
    expect<P5<'/posts{/:page}'>>().type.toBe<{ page?: string }>()
    expect<P5<'/{*splat}'>>().type.toBe<{ splat?: string[] }>()
    expect<P5<'/users/:id{/:tab}'>>().type.toBe<{ id: string; tab?: string }>()
    expect<P5<'/a{/:b{/:c}}/:d'>>().type.toBe<{ b?: string; c?: string; d: string }>()
  })

  test('escaped characters are not parameters', () => {
    expect<P5<'/price\\:eur/:amount'>>().type.toBe<{ amount: string }>()
    expect<P5<'/a\\*b'>>().type.toBe<{}>()
  })

  test('paths without parameters, unknown strings and RegExps', () => {
    expect<P5<'/about'>>().type.toBe<{}>()
    expect<P5<string>>().type.toBe<webfw.ParamsDictionary>()
    expect<P5<RegExp>>().type.toBe<webfw.ParamsFlatDictionary>()
  })

  test('4.x forms mean something else in 5.x', () => {
    // `?` is not a modifier in path-to-regexp 8: the name ends before it.
    expect<P5<'/users/:id?'>>().type.not.toBe<{ id?: string }>()
  })
})

describe('RouteParameters (4.x)', () => {
  test('named parameters are strings', () => {
    expect<P4<'/users/:id'>>().type.toBe<{ id: string }>()
    expect<P4<'/flights/:from-:to'>>().type.toBe<{ from: string; to: string }>()
    expect<P4<'/plantae/:genus.:species'>>().type.toBe<{ genus: string; species: string }>()
  })

  test('`?` makes a parameter optional', () => {
    expect<P4<'/users/:id?'>>().type.toBe<{ id?: string }>()
    expect<P4<'/:lang?/docs/:page'>>().type.toBe<{ lang?: string; page: string }>()
  })

  test('a parameter may carry its own pattern', () => {
    expect<P4<'/users/:id(\\d+)'>>().type.toBe<{ id: string }>()
    expect<P4<'/users/:id((?:a|b)+)?/x'>>().type.toBe<{ id?: string }>()
  })

  test('unnamed wildcards are numbered in order', () => {
    expect<P4<'*'>>().type.toBe<{ 0: string }>()
    expect<P4<'/files/*/v/*'>>().type.toBe<{ 0: string; 1: string }>()
    expect<P4<'/:user/*'>>().type.toBe<{ user: string; 0: string }>()
    expect<P4<'/:path*'>>().type.toBe<{ path: string; 0: string }>()
  })

  test('other groups, unknown strings and RegExps give the dictionaries', () => {
    expect<P4<'/a(bc)?d'>>().type.toBe<webfw4.ParamsDictionary>()
    expect<P4<string>>().type.toBe<webfw4.ParamsDictionary>()
    expect<P4<RegExp>>().type.toBe<webfw4.ParamsFlatDictionary>()
    // 4.x has no array wildcards: every value is a string.
    expect<webfw4.ParamsDictionary[string]>().type.toBe<string>()
    expect<webfw.ParamsDictionary[string]>().type.toBe<string | string[]>()
  })

  test('5.x forms mean something else in 4.x', () => {
    expect<P4<'/files/*path'>>().type.not.toBe<{ path: string[] }>()
    expect<P4<'/posts{/:page}'>>().type.not.toBe<{ page?: string }>()
  })
})

describe('req.params in handlers', () => {
  const app = webfw()
  const app4 = webfw4()

  test('is inferred from the route path', () => {
    app.get('/users/:id/*rest', (req, res) => {
      expect(req.params).type.toBe<{ id: string; rest: string[] }>()
      res.end()
    })
    app4.get('/users/:id?', (req, res) => {
      expect(req.params).type.toBe<{ id?: string }>()
      res.end()
    })
    webfw.Router().route('/books/:isbn').get((req, res) => {
      expect(req.params).type.toBe<{ isbn: string }>()
      res.end()
    })
  })

  test('unknown names are errors', () => {
    app.get('/users/:id', (req, res) => {
      expect(req.params).type.not.toHaveProperty('name')
      res.end()
    })
    app4.get('/users/:id', (req, res) => {
      expect(req.params).type.not.toHaveProperty('name')
      res.end()
    })
  })

  test('a path list or a RegExp gives the dictionaries', () => {
    app.get(['/a/:x', '/b/:y'], (req, res) => {
      expect(req.params).type.toBe<webfw.ParamsDictionary>()
      res.end()
    })
    app.get(/^\/commits\/(\w+)$/, (req, res) => {
      expect(req.params).type.toBe<webfw.ParamsFlatDictionary>()
      res.end()
    })
  })

  test('explicit params types are accepted', () => {
    app.get<'/users/:id', { id: string; extra?: string }>('/users/:id', (req, res) => {
      expect(req.params.extra).type.toBe<string | undefined>()
      res.end()
    })
  })
})
