// What a row of Express-style middleware costs at the least: node:http and
// the `middlewares` scenario's twenty functions (`req.hops = (req.hops | 0)
// + 1; next()`), run by the smallest runner that gives each its `next` (an
// index and one closure per request, no checks, no `req.params`). Its count
// per request less the same server's with no middleware (FLOOR_LAYERS=0),
// divided by twenty, is what one layer costs before any of Express's
// per-layer work: the function's call, its body, its call of `next` and the
// step to the next function (docs/perf.md, "Where webfw stands").
//
//   FLOOR_LAYERS=20 node bench/inmem/instructions.js middlewares bench/floor/minimal-chain.js --node 24
//   FLOOR_LAYERS=0  node bench/inmem/instructions.js middlewares bench/floor/minimal-chain.js --node 24
'use strict'

const { serve } = require('../http/servers/harness')
const { JSON_TYPE, listen } = require('../http/servers/bare-common')

const LAYERS = Number(process.env.FLOOR_LAYERS ?? 20)

serve({
  middlewares() {
    const layers = []
    for (let i = 0; i < LAYERS; i++) {
      layers.push((req, res, next) => {
        req.hops = (req.hops | 0) + 1
        next()
      })
    }
    const answer = (req, res) => {
      const body = JSON.stringify({ hello: 'world', hops: req.hops })
      res.writeHead(200, { 'Content-Type': JSON_TYPE, 'Content-Length': Buffer.byteLength(body) })
      res.end(body)
    }
    return listen((req, res) => {
      let i = 0
      const next = () => {
        if (i < layers.length) layers[i++](req, res, next)
        else answer(req, res)
      }
      next()
    })
  },
})
