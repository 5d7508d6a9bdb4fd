// Micro benchmark of app.render, webfw against Express 5 in the same run:
// the machinery around the engine (locals merge, view lookup or cache hit,
// async delivery) with a trivial engine, and a real engine (ejs) with
// `view cache` on as in production.
//
//   npm run build && node bench/views-render.bench.js
'use strict'

const path = require('node:path')
const { Bench } = require('tinybench')
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
  const bench = new Bench({ time: 800, warmupTime: 200 })
  const cases = [
    ['trivial engine, view cache on', true, 'trivial'],
    ['trivial engine, view cache off', false, 'trivial'],
    ['ejs, view cache on', true, 'ejs'],
  ]
  for (const [label, cache, engine] of cases) {
    const apps = { webfw: setup(webfw, cache, engine), express: setup(express, cache, engine) }
    for (const [name, app] of Object.entries(apps)) {
      const html = await renderOnce(app)
      if (!html.includes('tobi')) throw new Error(`${name} rendered ${html}`)
      bench.add(`${name}: ${label}`, () => renderOnce(app))
    }
  }
  await bench.run()
  console.table(bench.table())
  const hz = Object.fromEntries(bench.tasks.map((t) => [t.name, t.result.throughput ? t.result.throughput.mean : t.result.hz]))
  for (const [label] of cases) {
    const ratio = hz[`webfw: ${label}`] / hz[`express: ${label}`]
    console.log(`${label}: webfw/express = ${ratio.toFixed(2)}x`)
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
