// Micro benchmark of app.render, webfw against Express 5 in the same run:
// the machinery around the engine (locals merge, view lookup or cache hit,
// async delivery) with a trivial engine, and a real engine (ejs) with
// `view cache` on as in production. The tasks run in 5 interleaved rounds
// (bench/lib/rounds.js); each ratio is the median of the per-round ratios.
//
//   npm run build && node bench/views-render.bench.js
'use strict'

const path = require('node:path')
const { runInRounds, roundRatios, assertAllRan } = require('./lib/rounds')
const { median } = require('./lib/stats')
const ejs = require('ejs')
const express = require('express')
const webfw = require('webfw')

const views = path.join(__dirname, '..', 'test', 'views', 'fixtures', 'ejs')

function setup(factory, cache, engine) {
  const app = factory()
  app.set('views', views)
  app.set('view engine', 'ejs')
  app.set('view cache', cache)
  app.locals.site = 'bench'
  if (engine === 'trivial') app.engine('ejs', (file, options, cb) => cb(null, '<p>' + options.user.name + '</p>'))
  else app.engine('ejs', ejs.__express)
  return app
}

function renderOnce(app) {
  return new Promise((resolve, reject) => {
    app.render('user', { user: { name: 'tobi' } }, (err, html) => (err ? reject(err) : resolve(html)))
  })
}

async function main() {
  const cases = [
    ['trivial engine, view cache on', true, 'trivial'],
    ['trivial engine, view cache off', false, 'trivial'],
    ['ejs, view cache on', true, 'ejs'],
  ]
  const tasks = {}
  for (const [label, cache, engine] of cases) {
    const apps = { webfw: setup(webfw, cache, engine), express: setup(express, cache, engine) }
    for (const [name, app] of Object.entries(apps)) {
      const html = await renderOnce(app)
      if (!html.includes('tobi')) throw new Error(`${name} rendered ${html}`)
      tasks[`${name}: ${label}`] = () => renderOnce(app)
    }
  }
  const run = await runInRounds(tasks, { rounds: 5, time: 300, options: { warmupTime: 200 } })
  assertAllRan(run)
  const { names, roundP50 } = run
  console.table(names.map((name) => ({ task: name, 'median ns (median of round medians)': Math.round(median(roundP50.get(name)) * 1e6) })))
  for (const [label] of cases) {
    // time per render: express's over webfw's is how many times faster webfw is
    const r = roundRatios(roundP50, `express: ${label}`, `webfw: ${label}`)
    console.log(`${label}: webfw ${r.median.toFixed(2)}x as fast as express (median of 5 rounds, range ${r.min.toFixed(2)}–${r.max.toFixed(2)})`)
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
