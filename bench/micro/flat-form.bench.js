// The runtime's flat parse (`querystring.parse` semantics: 4.x's and 3.x's
// `urlencoded({ extended: false })`, 5.x's "simple" query parser) alone:
// webfw's `parseRuntimeFlatForm` (src/util/flat-form.ts) against
// fast-querystring, which webfw ran there before, and node:querystring, the
// oracle. Four inputs: the `urlencoded` scenario's ten-field form, the query
// of bench/micro/query.bench.js, a one-pair query and a form whose keys come
// back after others (the parser's second pass).
'use strict'

const querystring = require('node:querystring')
const fastQuerystring = require('fast-querystring')
const { parseRuntimeFlatForm } = require('../../dist/util/flat-form')
const { formBody } = require('../fixtures/scenario-data')

const INPUTS = {
  'the urlencoded scenario\'s form': formBody,
  'a five-pair query': 'q=webfw+language%3Atypescript&sort=stars&order=desc&per_page=50&page=2',
  'a one-pair query': 'page=2',
  'keys that come back': 'tag=a&sort=stars&tag=b&page=2&tag=c',
}

function group(label, input) {
  return {
    title: `Flat parse alone: ${label} (${input.length} characters)`,
    unit: 'parse',
    baseline: 'node:querystring.parse',
    tasks: {
      'node:querystring.parse': () => querystring.parse(input),
      'fast-querystring.parse': () => fastQuerystring.parse(input),
      'webfw parseRuntimeFlatForm': () => parseRuntimeFlatForm(input),
    },
    check() {
      const want = JSON.stringify(Object.entries(querystring.parse(input)))
      for (const [name, got] of [['fast-querystring', fastQuerystring.parse(input)], ['webfw', parseRuntimeFlatForm(input)]]) {
        if (JSON.stringify(Object.entries(got)) !== want) throw new Error(`${name} parsed ${label} otherwise than querystring`)
      }
    },
  }
}

module.exports = Object.entries(INPUTS).map(([label, input]) => group(label, input))
