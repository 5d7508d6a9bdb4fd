/**
 * Shared routing cases: each builds an app, sends requests, and states the
 * exact sequence of callbacks Express runs (with their `req.params`,
 * `req.url` and `req.baseUrl` where it matters). `routing.test.ts` runs every
 * case on both matchers, radix and linear; `routing-v4.test.ts` and
 * `routing-v3.test.ts` on the 4.x and 3.x profiles too.
 */
import type { Any } from '../helpers/webfw'

export interface Step {
  method?: string
  path: string
  /** Callbacks in order, as logged by `h()` handlers. */
  log: string[]
  status?: number
}

export type ProfileMajor = 5 | 4 | 3

export interface RoutingCase {
  name: string
  /** Which profiles the case holds for (default all). */
  only?: ProfileMajor | ProfileMajor[]
  build(app: Any, h: Helpers, factory: Any): void
  steps: Step[]
}

export interface Helpers {
  /** Logs `name` and calls next(). */
  mw(name: string): Any
  /** Logs `name {params}` and calls next(). */
  p(name: string): Any
  /** Logs `name url baseUrl` and calls next(). */
  u(name: string): Any
  /** Logs `name` and ends the response. */
  end(name: string): Any
  /** Logs `name` and calls next(arg). */
  nextWith(name: string, arg: unknown): Any
  /** Error handler: logs `name:message` and calls next(err). */
  err(name: string): Any
}

export const cases: RoutingCase[] = [
  {
    name: 'static route, then param route',
    build(app, h) {
      app.get('/users/me', h.p('static'))
      app.get('/users/:id', h.p('param'))
    },
    steps: [
      { path: '/users/me', log: ['static {}', 'param {"id":"me"}'] },
      { path: '/users/42', log: ['param {"id":"42"}'] },
      { path: '/users', log: [] },
    ],
  },
  {
    name: 'param route, then static route',
    build(app, h) {
      app.get('/users/:id', h.p('param'))
      app.get('/users/me', h.p('static'))
    },
    steps: [
      { path: '/users/me', log: ['param {"id":"me"}', 'static {}'] },
      { path: '/users/you', log: ['param {"id":"you"}'] },
    ],
  },
  {
    name: 'use, wildcard, param and static all matching one path',
    only: 5,
    build(app, h) {
      app.use(h.u('global'))
      app.get('/files/*rest', h.p('wild'))
      app.get('/files/:name', h.p('param'))
      app.get('/files/readme', h.p('static'))
      app.use('/files', h.u('mounted'))
    },
    steps: [
      {
        path: '/files/readme',
        log: ['global /files/readme ', 'wild {"rest":["readme"]}', 'param {"name":"readme"}', 'static {}', 'mounted /readme /files'],
      },
      { path: '/files/a/b', log: ['global /files/a/b ', 'wild {"rest":["a","b"]}', 'mounted /a/b /files'] },
      { path: '/files', log: ['global /files ', 'mounted / /files'] },
    ],
  },
  {
    name: 'the same four, in the opposite order',
    only: 5,
    build(app, h) {
      app.use('/files', h.u('mounted'))
      app.get('/files/readme', h.p('static'))
      app.get('/files/:name', h.p('param'))
      app.get('/files/*rest', h.p('wild'))
      app.use(h.u('global'))
    },
    steps: [
      {
        path: '/files/readme',
        log: ['mounted /readme /files', 'static {}', 'param {"name":"readme"}', 'wild {"rest":["readme"]}', 'global /files/readme '],
      },
      { path: '/files/other', log: ['mounted /other /files', 'param {"name":"other"}', 'wild {"rest":["other"]}', 'global /files/other '] },
    ],
  },
  {
    name: 'overlapping parameter routes that only sometimes both match',
    build(app, h) {
      app.get('/a/:x/c', h.p('xc'))
      app.get('/a/b/:y', h.p('by'))
      app.get('/a/:x/:y', h.p('xy'))
    },
    steps: [
      { path: '/a/b/c', log: ['xc {"x":"b"}', 'by {"y":"c"}', 'xy {"x":"b","y":"c"}'] },
      { path: '/a/b/d', log: ['by {"y":"d"}', 'xy {"x":"b","y":"d"}'] },
      { path: '/a/q/c', log: ['xc {"x":"q"}', 'xy {"x":"q","y":"c"}'] },
      { path: '/a/q/d', log: ['xy {"x":"q","y":"d"}'] },
    ],
  },
  {
    name: 'trailing slash and case are ignored by default',
    build(app, h) {
      app.get('/Path', h.p('route'))
      app.use('/Mount/', h.u('mount'))
    },
    steps: [
      { path: '/path/', log: ['route {}'] },
      { path: '/PATH', log: ['route {}'] },
      { path: '/path//', log: [] },
      { path: '/mount/x', log: ['mount /x /mount'] },
      { path: '/MOUNT', log: ['mount / /MOUNT'] },
      { path: '/mounted', log: [] },
    ],
  },
  {
    name: 'parameters keep the case of the path when routing ignores case',
    build(app, h) {
      app.get('/users/:name/repos', h.p('repos'))
      app.get('/Users/Me', h.p('me'))
    },
    steps: [
      { path: '/users/octocat/repos', log: ['repos {"name":"octocat"}'] },
      { path: '/Users/OctoCat/REPOS', log: ['repos {"name":"OctoCat"}'] },
      { path: '/users/OctoCat/repos/', log: ['repos {"name":"OctoCat"}'] },
      { path: '/users/me', log: ['me {}'] },
      { path: '/USERS/ME', log: ['me {}'] },
      { path: '/users/me/repos', log: ['repos {"name":"me"}'] },
      { path: '/users/ME/repos?q=Z', log: ['repos {"name":"ME"}'] },
    ],
  },
  {
    name: 'strict and case-sensitive routing',
    build(app, h) {
      app.enable('strict routing')
      app.enable('case sensitive routing')
      app.get('/path', h.p('plain'))
      app.get('/path/', h.p('slash'))
      app.get('/Path', h.p('upper'))
    },
    steps: [
      { path: '/path', log: ['plain {}'] },
      { path: '/path/', log: ['slash {}'] },
      { path: '/Path', log: ['upper {}'] },
      { path: '/PATH', log: [] },
    ],
  },
  {
    name: 'nested routers, with and without mergeParams',
    only: [5, 4],
    build(app, h, factory) {
      const merged = factory.Router({ mergeParams: true })
      merged.get('/posts/:pid', h.p('merged'))
      const plain = factory.Router()
      plain.get('/posts/:pid', h.p('plain'))
      plain.use(h.u('plain-mw'))
      app.use('/u/:uid', merged)
      app.use('/u/:uid', plain)
    },
    steps: [
      { path: '/u/7/posts/9', log: ['merged {"uid":"7","pid":"9"}', 'plain {"pid":"9"}', 'plain-mw /posts/9 /u/7'] },
      { path: '/u/7', log: ['plain-mw / /u/7'] },
    ],
  },
  {
    name: "next('route') and next('router')",
    only: [5, 4],
    build(app, h, factory) {
      const inner = factory.Router()
      inner.get('/x', h.nextWith('leave-router', 'router'), h.mw('never1'))
      inner.get('/x', h.mw('never2'))
      app.get('/x', h.nextWith('skip-route', 'route'), h.mw('never0'))
      app.get('/x', h.mw('second-route'))
      app.use(inner)
      app.use(h.mw('after-router'))
    },
    steps: [{ path: '/x', log: ['skip-route', 'second-route', 'leave-router', 'after-router'] }],
  },
  {
    name: 'errors skip normal handlers and routes, reach 4-argument handlers',
    only: [5, 4],
    build(app, h) {
      app.use(h.nextWith('fail', new Error('boom')))
      app.use(h.mw('skipped-mw'))
      app.get('/e', h.mw('skipped-route'))
      app.use(h.err('handler'))
      app.use((err: Error, _req: Any, _res: Any, next: Any) => next())
      app.get('/e', h.mw('after-recovery'))
    },
    steps: [{ path: '/e', log: ['fail', 'handler:boom', 'after-recovery'] }],
  },
  {
    name: 'a thrown error and a rejected promise become next(err)',
    only: 5,
    build(app, h) {
      app.get('/throw', () => {
        throw new Error('thrown')
      })
      app.get('/reject', async () => {
        throw new Error('rejected')
      })
      app.use(h.err('caught'))
    },
    steps: [
      { path: '/throw', log: ['caught:thrown'] },
      { path: '/reject', log: ['caught:rejected'] },
    ],
  },
  {
    name: 'URL rewriting and method override are seen by later layers',
    build(app, h) {
      app.use((req: Any, _res: Any, next: Any) => {
        if (req.url === '/old') req.url = '/new'
        if (req.url === '/as-post') req.method = 'POST'
        next()
      })
      app.get('/old', h.mw('old'))
      app.get('/new', h.mw('new'))
      app.post('/as-post', h.mw('posted'))
    },
    steps: [
      { path: '/old', log: ['new'] },
      { path: '/as-post', log: ['posted'] },
    ],
  },
  {
    name: 'routes and middleware added after the first request',
    build(app, h) {
      app.get('/late', h.mw('first'))
      app.get('/add', (_req: Any, res: Any) => {
        app.get('/late', h.mw('added'))
        res.end()
      })
    },
    steps: [
      { path: '/late', log: ['first'] },
      { path: '/add', log: [], status: 200 },
      { path: '/late', log: ['first', 'added'] },
    ],
  },
  {
    name: 'RegExp and array paths keep their place among tree routes',
    only: [5, 4],
    build(app, h) {
      app.get('/r/:id', h.p('param'))
      app.get(/^\/r\/(\d+)$/, h.p('regexp'))
      app.get(['/r/1', '/s/:n'], h.p('array'))
      app.get('/r/1', h.p('static'))
    },
    steps: [
      { path: '/r/1', log: ['param {"id":"1"}', 'regexp {"0":"1"}', 'array {}', 'static {}'] },
      { path: '/r/x', log: ['param {"id":"x"}'] },
      { path: '/s/5', log: ['array {"n":"5"}'] },
    ],
  },
  {
    name: 'percent-encoded paths are matched raw and parameters decoded',
    build(app, h) {
      app.get('/enc/:v', h.p('param'))
      app.get('/enc/a b', h.p('space'))
      app.use(h.err('error'))
    },
    steps: [
      { path: '/enc/caf%C3%A9', log: ['param {"v":"café"}'] },
      { path: '/enc/a%2Fb', log: ['param {"v":"a/b"}'] },
      { path: '/enc/%E0%A4%A', log: ["error:Failed to decode param '%E0%A4%A'"] },
      { path: '/enc/a%20b', log: ['param {"v":"a b"}'] },
    ],
  },
  {
    name: 'param triggers run once per request, before the handler',
    only: [5, 4],
    build(app, h, factory) {
      app.param('id', (req: Any, _res: Any, next: Any, value: string) => {
        req.log.push('trigger ' + value)
        next()
      })
      app.get('/t/:id', h.p('one'))
      app.get('/t/:id', h.p('two'))
      const inner = factory.Router()
      inner.get('/:id', h.p('inner'))
      app.use('/t/:id/sub', inner)
    },
    steps: [
      { path: '/t/3', log: ['trigger 3', 'one {"id":"3"}', 'two {"id":"3"}'] },
      { path: '/t/3/sub/4', log: ['trigger 3', 'inner {"id":"4"}'] },
    ],
  },
  {
    name: 'use with a parameter prefix sets baseUrl and params',
    only: [5, 4],
    build(app, h) {
      app.use('/shop/:id', h.u('shop'), h.p('shop'))
    },
    steps: [
      { path: '/shop/5/cart?x=1', log: ['shop /cart?x=1 /shop/5', 'shop {"id":"5"}'] },
      { path: '/shop', log: [] },
    ],
  },
  {
    name: 'optional groups (5.x syntax)',
    only: 5,
    build(app, h) {
      app.get('/opt{/:x}', h.p('opt'))
      app.get('/all{/*rest}', h.p('all'))
    },
    steps: [
      { path: '/opt', log: ['opt {}'] },
      { path: '/opt/1', log: ['opt {"x":"1"}'] },
      { path: '/all', log: ['all {}'] },
      { path: '/all/a/b', log: ['all {"rest":["a","b"]}'] },
    ],
  },
  {
    name: 'empty segments never fill a parameter',
    only: [5, 4],
    build(app, h) {
      app.get('/users/:id', h.p('param'))
      app.get('/users/', h.p('list'))
    },
    steps: [
      { path: '/users/', log: ['list {}'] },
      { path: '/users//', log: [] },
      { path: '/users/5/', log: ['param {"id":"5"}'] },
    ],
  },
  {
    name: 'query strings are not matched',
    build(app, h) {
      app.get('/q', h.u('q'))
      app.get('/q/:v', h.p('qv'))
    },
    steps: [
      { path: '/q?next=/q/1', log: ['q /q?next=/q/1 '] },
      { path: '/q/2?a=b', log: ['qv {"v":"2"}'] },
    ],
  },
  {
    name: 'HEAD uses GET routes unless a HEAD route comes first',
    build(app, h) {
      app.get('/h', h.mw('get'))
      app.head('/h2', h.mw('head'))
      app.get('/h2', h.mw('get2'))
      app.post('/h3', h.mw('post-only'))
    },
    steps: [
      { method: 'HEAD', path: '/h', log: ['get'] },
      { method: 'HEAD', path: '/h2', log: ['head', 'get2'] },
      { method: 'HEAD', path: '/h3', log: [] },
      { method: 'POST', path: '/h', log: [] },
    ],
  },
  {
    name: 'OPTIONS without a handler answers with Allow',
    build(app, h) {
      app.get('/o', h.mw('get'))
      app.put('/o', h.mw('put'))
      app.options('/handled', h.end('options'))
    },
    steps: [
      { method: 'OPTIONS', path: '/o', log: [], status: 200 },
      { method: 'OPTIONS', path: '/handled', log: ['options'], status: 200 },
    ],
  },
  {
    name: 'app.all and route() share definition order',
    only: [5, 4],
    build(app, h) {
      app.all('/any', h.mw('all'))
      app.route('/any').post(h.mw('post')).get(h.mw('get'))
      app.get('/any', h.mw('get2'))
    },
    steps: [
      { path: '/any', log: ['all', 'get', 'get2'] },
      { method: 'POST', path: '/any', log: ['all', 'post'] },
      { method: 'DELETE', path: '/any', log: ['all'] },
    ],
  },
  {
    name: 'sub-apps are mounted like routers',
    build(app, h, factory) {
      const sub = factory()
      sub.get('/x', h.u('sub'))
      app.use('/sub', sub)
      app.use(h.u('after'))
    },
    steps: [
      { path: '/sub/x', log: ['sub /x /sub', 'after /sub/x '] },
      { path: '/sub/y', log: ['after /sub/y '] },
    ],
  },
  {
    name: 'a mount prefix followed by a double slash (5.x keeps both slashes inside)',
    only: 5,
    build(app, h) {
      app.use('/m', h.u('m'))
    },
    steps: [
      { path: '/m//', log: ['m // /m'] },
      { path: '/m//x', log: ['m //x /m'] },
    ],
  },
  {
    name: 'a mount prefix followed by a double slash (4.x takes one slash with the prefix)',
    only: 4,
    build(app, h) {
      app.use('/m', h.u('m'))
    },
    steps: [
      { path: '/m//', log: ['m / /m'] },
      { path: '/m//x', log: ['m /x /m'] },
    ],
  },

  // 3.x: the route map runs where app.use(app.router) or the first route put it.
  {
    name: '3.x: all routes run where the route map was placed, even routes defined later',
    only: 3,
    build(app, h) {
      app.use(h.mw('before'))
      app.get('/x', h.mw('r1'))
      app.use(h.mw('after'))
      app.get('/x', h.mw('r2'))
    },
    steps: [
      { path: '/x', log: ['before', 'r1', 'r2', 'after'] },
      { path: '/y', log: ['before', 'after'] },
    ],
  },
  {
    name: '3.x: app.use(app.router) places the routes before later middleware',
    only: 3,
    build(app, h) {
      app.use(h.mw('a'))
      app.use(app.router)
      app.use(h.mw('b'))
      app.get('/x', h.mw('route'))
    },
    steps: [{ path: '/x', log: ['a', 'route', 'b'] }],
  },
  {
    name: '3.x: errors skip middleware and the route map, reach 4-argument middleware',
    only: 3,
    build(app, h) {
      app.use(h.nextWith('fail', new Error('boom')))
      app.use(h.mw('skipped-mw'))
      app.get('/e', h.mw('skipped-route'))
      app.use(h.err('handler'))
      app.use((err: Error, _req: Any, _res: Any, next: Any) => next())
      app.get('/e', h.mw('already-passed'))
    },
    steps: [{ path: '/e', log: ['fail', 'handler:boom'] }],
  },
  {
    name: "3.x: a route's error goes through the error callbacks of the next matching routes",
    only: 3,
    build(app, h) {
      app.use(h.mw('first'))
      app.get('/e', h.nextWith('route-fail', new Error('boom')), h.mw('skipped'))
      app.get('/e', h.mw('skipped-route'), h.err('route-eh'))
      app.get('/e', (_err: Error, req: Any, _res: Any, next: Any) => {
        req.log.push('recover')
        next()
      }, h.mw('after'))
      app.use(h.err('mw-eh'))
    },
    steps: [{ path: '/e', log: ['first', 'route-fail', 'route-eh:boom', 'recover', 'after'] }],
  },
  {
    name: '3.x: RegExp and array paths (an array is one capturing group)',
    only: 3,
    build(app, h) {
      app.get('/r/:id', h.p('param'))
      app.get(/^\/r\/(\d+)$/, h.p('regexp'))
      app.get(['/r/1', '/s/:n'], h.p('array'))
      app.get('/r/1', h.p('static'))
    },
    steps: [
      { path: '/r/1', log: ['param {"id":"1"}', 'regexp {"0":"1"}', 'array {"n":"/r/1"}', 'static {}'] },
      { path: '/r/x', log: ['param {"id":"x"}'] },
      { path: '/s/5', log: ['array {"0":"5","n":"/s/5"}'] },
    ],
  },
  {
    name: '3.x: param callbacks run for each matching route',
    only: 3,
    build(app, h) {
      app.param('id', (req: Any, _res: Any, next: Any, value: string) => {
        req.log.push('trigger ' + value)
        next()
      })
      app.get('/t/:id', h.p('one'))
      app.get('/t/:id', h.p('two'))
      app.get('/t/:id/sub/:x', h.p('three'))
    },
    steps: [
      { path: '/t/3', log: ['trigger 3', 'one {"id":"3"}', 'trigger 3', 'two {"id":"3"}'] },
      { path: '/t/3/sub/4', log: ['trigger 3', 'three {"id":"3","x":"4"}'] },
    ],
  },
  {
    name: '3.x: a pattern ending in "/" needs its slash and takes a second one',
    only: 3,
    build(app, h) {
      app.get('/users/:id', h.p('param'))
      app.get('/users/', h.p('list'))
    },
    steps: [
      { path: '/users/', log: ['list {}'] },
      { path: '/users//', log: ['list {}'] },
      { path: '/users/5/', log: ['param {"id":"5"}'] },
      { path: '/users', log: [] },
    ],
  },
  {
    name: '3.x: app.all adds one route per method, in definition order with the others',
    only: 3,
    build(app, h) {
      app.all('/any', h.mw('all'))
      app.post('/any', h.mw('post'))
      app.get('/any', h.mw('get'))
      app.get('/any', h.mw('get2'))
    },
    steps: [
      { path: '/any', log: ['all', 'get', 'get2'] },
      { method: 'POST', path: '/any', log: ['all', 'post'] },
      { method: 'DELETE', path: '/any', log: ['all'] },
    ],
  },
  {
    name: '3.x: HEAD looks for a head route, then for a get route from the same position',
    only: 3,
    build(app, h) {
      app.head('/h/:id', h.mw('head1'))
      app.get('/h/:x', h.mw('get0'))
      app.get('/h/:y', h.mw('get1'))
      app.head('/h/:z', h.mw('head2'))
      app.get('/h/1', h.mw('get2'))
    },
    steps: [
      { method: 'HEAD', path: '/h/1', log: ['head1', 'head2', 'get2'] },
      { method: 'HEAD', path: '/h/2', log: ['head1', 'head2'] },
      { path: '/h/1', log: ['get0', 'get1', 'get2'] },
    ],
  },
  {
    name: '3.x: use paths are literal prefixes, matched ignoring case, before "/", "." or the end',
    only: 3,
    build(app, h) {
      app.use('/foo', h.u('foo'))
      app.use('/Bar/', h.u('bar'))
      app.use('/:id', h.u('literal'))
    },
    steps: [
      { path: '/foo', log: ['foo / /foo'] },
      { path: '/foo.json', log: ['foo /.json /foo'] },
      { path: '/FOO/x', log: ['foo /x /FOO'] },
      { path: '/foobar', log: [] },
      { path: '/bar', log: ['bar / /bar'] },
      { path: '/:id/z', log: ['literal /z /:id'] },
      { path: '/foo//x', log: ['foo //x /foo'] },
      { path: '/foo%2Fx', log: [] },
    ],
  },
  {
    // Connect drops one trailing slash, so these prefixes are "/" and "/a/",
    // which a path matches followed by another "/" too: "//" and "/a//" are
    // the prefix and one slash more, not the prefix with a trailing slash
    // that a tree ignoring one would see (src/router/path3.ts).
    name: '3.x: a use prefix still ending in "/" once Connect drops one ("//", "/a//")',
    only: 3,
    build(app, h) {
      app.use('//', h.u('root2'))
      app.use('/a//', h.u('a2'))
    },
    steps: [
      { path: '/', log: ['root2 / '] },
      { path: '//', log: ['root2 / '] },
      { path: '///', log: ['root2 // '] },
      { path: '/x', log: [] },
      { path: '/.x', log: ['root2 /.x '] },
      { path: '/a', log: [] },
      { path: '/a/', log: ['a2 / /a'] },
      { path: '/a//', log: ['a2 / /a'] },
      { path: '/a///', log: ['a2 // /a'] },
      { path: '/a/.b', log: ['a2 /.b /a'] },
      { path: '/a/b', log: [] },
      { path: '/A//c', log: ['a2 /c /A'] },
    ],
  },
  {
    name: '3.x: optional parameters, formats, wildcards and custom captures',
    only: 3,
    build(app, h) {
      app.get('/a/:b.:c?', h.p('format'))
      app.get('/s/*', h.p('star'))
      app.get('/api/*.*', h.p('stars'))
      app.get('/t/:x(\\d+)', h.p('digits'))
      app.get('/t/:user*', h.p('user-star'))
      app.get('/w/(foo|bar)', h.p('group'))
    },
    steps: [
      { path: '/a/x.json', log: ['format {"b":"x","c":"json"}'] },
      { path: '/a/x', log: ['format {"b":"x"}'] },
      { path: '/s/', log: ['star {"0":""}'] },
      { path: '/s', log: [] },
      { path: '/api/a/b.c.d', log: ['stars {"0":"a/b.c","1":"d"}'] },
      { path: '/t/12', log: ['digits {"x":"12"}', 'user-star {"user":"12"}'] },
      { path: '/t/ab/cd', log: ['user-star {"0":"/cd","1":"cd","user":"ab"}'] },
      { path: '/w/foo', log: ['group {}'] },
      { path: '/w/baz', log: [] },
    ],
  },
]
