// `webfw/reqlog` with the shape of `@types/morgan`: the logger, its options,
// tokens, named formats and compiled formats.
import type * as http from 'node:http'
import { Writable } from 'node:stream'
import reqlog = require('webfw/reqlog')
import reqlogDefault from 'webfw/reqlog'
import webfw = require('webfw')
import { describe, expect, test } from 'tstyche'

describe('reqlog(format, [options])', () => {
  test('predefined names, format strings and format functions', () => {
    expect(reqlog('combined')).type.toBe<reqlog.Handler>()
    expect(reqlog(':method :url :status :res[content-length] - :response-time[3] ms')).type.toBe<reqlog.Handler>()
    expect(reqlog((tokens, req, res) => `${req.method} ${res.statusCode}`)).type.toBe<reqlog.Handler>()
    expect(reqlog(() => null)).type.toBe<reqlog.Handler>()
    expect(reqlogDefault).type.toBe<typeof reqlog>()
  })

  test('options', () => {
    const file = new Writable({ write: (chunk, encoding, done) => done() })
    expect(reqlog('common', { stream: file, immediate: true, skip: (req, res) => res.statusCode < 400 })).type.toBe<reqlog.Handler>()
    expect(reqlog('dev', { stream: { write: (line) => void line } })).type.toBe<reqlog.Handler>()
  })

  test('the deprecated one-argument form', () => {
    expect(reqlog({ format: 'tiny', stream: process.stderr })).type.toBe<reqlog.Handler>()
  })

  test('request and response types reach callbacks', () => {
    const handler = reqlog<webfw.Request, webfw.Response>((tokens, req, res) => {
      expect(req.originalUrl).type.toBeString()
      expect(res.locals).type.not.toBeAny()
      return tokens.method!(req, res)
    })
    expect(handler).type.toBe<reqlog.Handler<webfw.Request, webfw.Response>>()
    expect(webfw().use(handler)).type.toBe<webfw.Express>()
  })

  test('bad arguments are errors', () => {
    expect(reqlog(42)).type.toRaiseError()
    const notWritable = { end() {} }
    expect(reqlog('dev', { stream: notWritable })).type.toRaiseError()
    expect(reqlog('dev', { skip: true })).type.toRaiseError()
    expect(reqlog((tokens, req, res) => 42)).type.toRaiseError()
  })
})

describe('tokens, formats, compile', () => {
  test('reqlog.token defines a token and chains', () => {
    const chained = reqlog.token('id', (req: http.IncomingMessage) => String(req.headers['x-request-id']))
    expect(chained).type.toBe<reqlog.Reqlog<http.IncomingMessage, http.ServerResponse>>()
    expect(chained.token('type', (req, res, arg) => (arg === undefined ? undefined : String(arg)))).type.not.toBeAny()
    expect(reqlog.token('bad', () => 42)).type.toRaiseError()
  })

  test('reqlog.format defines named formats', () => {
    expect(reqlog.format('brief', ':method :url :status')).type.toBe<reqlog.Morgan<http.IncomingMessage, http.ServerResponse>>()
    expect(reqlog.format('fn', (tokens, req, res) => tokens.url!(req, res))).type.not.toBeAny()
  })

  test('reqlog.compile gives a format function', () => {
    const line = reqlog.compile(':method :url')
    expect(line).type.toBe<reqlog.FormatFn>()
    expect(reqlog.compile(42)).type.toRaiseError()
  })

  test('the types morgan users name exist', () => {
    expect<reqlog.TokenIndexer>().type.toBe<{ [tokenName: string]: reqlog.TokenCallbackFn }>()
    expect<reqlog.StreamOptions>().type.toHaveProperty('write')
    expect<reqlog.Options<http.IncomingMessage, http.ServerResponse>>().type.toHaveProperty('skip')
  })
})
