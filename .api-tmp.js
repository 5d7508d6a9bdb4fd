const http = require('http')
const E = require('express'), W = require('./dist/index.js'), E4 = require('express4'), W4 = require('./dist/v4.js')
const ops = {
  status_str: (res) => res.status('200').end(),
  status_float: (res) => res.status(200.5).end(),
  status_99: (res) => res.status(99).end(),
  status_1000: (res) => res.status(1000).end(),
  status_undef: (res) => res.status().end(),
  status_null: (res) => res.status(null).end(),
  sendStatus_str: (res) => res.sendStatus('abc'),
  sendStatus_999: (res) => res.sendStatus(599),
  set_ct_array: (res) => res.set('Content-Type', ['a', 'b']).end(),
  set_obj: (res) => res.set({ 'X-A': 1, 'X-B': [1, 2] }).end(),
  set_bad_header: (res) => res.set('X A', 'b').end(),
  set_bad_value: (res) => res.set('X-A', 'a\nb').end(),
  append_arr: (res) => res.append('X-A', ['1']).append('X-A', '2').end(),
  sendFile_noarg: (res) => res.sendFile(),
  sendFile_rel: (res) => res.sendFile('x.txt'),
  sendFile_num: (res) => res.sendFile(5),
  download_noarg: (res) => res.download(),
  redirect_noarg: (res) => res.redirect(),
  redirect_num: (res) => res.redirect(301),
  redirect_undef_url: (res) => res.redirect(302, undefined),
  location_undef: (res) => res.location().end(),
  json_bigint: (res) => res.json({ a: 1n }),
  json_circular: (res) => { const o = {}; o.o = o; res.json(o) },
  jsonp_bigint: (res) => res.jsonp({ a: 1n }),
  type_undef: (res) => res.type().end(),
  type_num: (res) => res.type(5).end(),
  vary_noarg: (res) => res.vary().end(),
  vary_num: (res) => res.vary(5).end(),
  links_str: (res) => res.links('x').end(),
  format_empty: (res) => res.format({}),
  attachment_num: (res) => res.attachment(5).end(),
  render_noengine: (res) => res.render('nope'),
  render_noext: (res) => res.render('nope.xyz'),
  send_sym: (res) => res.send(Symbol('x')),
  send_fn: (res) => res.send(() => 1),
  send_bool: (res) => res.send(true),
  send_num: (res) => res.send(5),
  cookie_undef_name: (res) => res.cookie(undefined, 'x').end(),
  get_noarg: (res) => res.end(String(res.get())),
}
async function run(f) {
  const app = f(); app.set('env', 'test')
  app.get('/:op', (req, res) => { try { ops[req.params.op](res) } catch (e) { res.status(500).end('THROW ' + e.constructor.name + ': ' + e.message) } })
  app.use((err, req, res, next) => res.status(500).end('NEXT ' + err.constructor.name + ': ' + err.message + (err.status ? ' status=' + err.status : '')))
  const s = http.createServer(app).listen(0); await new Promise(r => s.once('listening', r))
  const out = {}
  for (const op of Object.keys(ops)) out[op] = await new Promise(r => { const q = http.get({ port: s.address().port, path: '/' + op }, res => { let b = ''; res.on('data', c => b += c); res.on('end', () => r(res.statusCode + ' ' + JSON.stringify(Object.fromEntries(Object.entries(res.headers).filter(([k]) => !['date', 'connection', 'keep-alive', 'etag', 'x-powered-by'].includes(k)))) + ' ' + b.slice(0, 160))) }); q.on('error', e => r('CLIENT ' + e.message)) })
  s.close(); return out
}
;(async () => {
  const [e5, w5, e4, w4] = [await run(E), await run(W), await run(E4), await run(W4)]
  for (const op of Object.keys(ops)) {
    if (e5[op] !== w5[op]) console.log('DIFF5', op, '\n   E', e5[op], '\n   W', w5[op])
    if (e4[op] !== w4[op]) console.log('DIFF4', op, '\n   E', e4[op], '\n   W', w4[op])
  }
})()
