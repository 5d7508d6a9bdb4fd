// The buckets of `npm run bench:breakdown` and the rules that put a function
// in one: a list of (regular expression on the function's name, bucket),
// the first match winning. JavaScript functions are named with their file
// (`JS name /path/to/file.js:line:col`, `JS name node:_http_server:...`),
// native ones by their C++ or builtin symbol. A function that matches no
// rule (V8's builtins, inline caches, node's stream machinery, libc) is
// charged to whoever called it, in proportion to the calls (attribute.js).
//
// Edit the rules here; the report shows the heaviest functions of each
// bucket so a wrong rule shows. V8 inlines small functions into their
// callers, so an inlined helper counts where it was inlined: the buckets
// are a map, not a ledger.
'use strict'

/** Bucket ids, in the order the tables list them, with their labels. */
const buckets = [
  ['parse', 'HTTP parsing (incl. request set-up)'],
  ['write', 'socket write path (incl. headers)'],
  ['headers', 'header setting'],
  ['routing', 'routing and dispatch'],
  ['body', 'body reading'],
  ['json', 'JSON (parse and stringify)'],
  ['cookies', 'cookie parsing'],
  ['logger', 'request logger'],
  ['etag', 'ETag hashing'],
  ['runtime', 'node runtime (events, ticks, timers)'],
  ['gc', 'GC (incl. write barriers)'],
  ['compiler', 'V8 compiler (late tiering)'],
  ['framework', 'framework overhead + handler'],
  ['client', 'in-memory client (benchmark harness)'],
  ['other', 'other (no rule, no caller)'],
]

const NODE_JS = (modules) => new RegExp(`^JS .* node:(?:${modules})(?::|$)`)

/** [pattern, bucket id], first match wins. */
const rules = [
  // The benchmark's own client side (bench/inmem/worker.js), not the server.
  [/bench\/inmem\/worker\.js/, 'client'],

  // Garbage collection, and the write barriers that feed it.
  [/v8::internal::(?:Heap::|Scavenge|Scavenger|MarkCompact|MinorMarkSweep|MinorMS|Marking|ConcurrentMarking|Sweeper|Evacuat|LiveObjectVisitor|RecordMigratedSlot|RememberedSet|SlotSet|MemoryAllocator|MemoryReducer|IncrementalMarking|GCTracer|ArrayBufferSweeper|PagedSpace|SemiSpace|NewSpace|OldLargeObjectSpace|FreeList|MemoryChunk|PageMetadata|EvacuationAllocator|PretenuringHandler|Marker)/, 'gc'],
  [/MarkingVisitor|MarkingBarrier|WriteBarrier::|ScavengeVisitor|Builtins_RecordWrite|EphemeronKeyBarrier|heap::base::|cppgc::|IteratePointers<.*(Marking|Scaveng|Migrat)/, 'gc'],

  // V8 compiling (should be near zero once warm; it is what is left of tiering).
  [/v8::internal::(?:compiler::|maglev::|baseline::|turboshaft::|Compiler::|OptimizingCompileDispatcher|Zone::|ZoneList|interpreter::Bytecode|Parser|Scanner|AstValueFactory|Deoptimizer|TranslatedState)/, 'compiler'],

  // The request logger: webfw's reqlog, morgan, and the hand-written line of the other servers.
  [/\/reqlog\/|node_modules\/morgan\/|combined-line\.js|middleware\/bundled\/logger\.js/, 'logger'],

  // ETag: the etag packages, webfw's util/etag.js, and the hashing under them.
  [/\/etag(?:\/index)?\.js|util\/etag\.js|node_modules\/etag\/|node:internal\/crypto\/|node::crypto::|EVP_|sha1_|SHA1_|OPENSSL_|ossl_|md5_/, 'etag'],

  // Cookies: cookie-parser, @fastify/cookie, the cookie package, webfw's own.
  [/cookie/i, 'cookies'],

  // JSON in V8 and the JSON helpers of the frameworks.
  [/JsonStringifier|JsonParser|Builtins_Json|v8::internal::Json|fast-json-stringify|secure-json-parse|JSON_/, 'json'],

  // Body reading: the body parsers, fastify's content-type parser, raw reading of the request stream.
  [/middleware\/body\/|bundled\/body-parser\.js|node_modules\/(?:body-parser|raw-body|type-is|content-type|iconv-lite|fast-querystring|qs|@fastify\/formbody)\/|fastify\/lib\/content-type-parser\.js|^JS (?:readText|readJson|onData|onEnd) \S*bench\/http\/servers\/bare-common\.js|node:string_decoder|StringDecoder|parserOnBody|JS _read node:_http_incoming|JS (?:_dump|_addHeaderLine|resume) node:_http_incoming/, 'body'],

  // Setting response headers (name/value checks included).
  [/^JS (?:setHeader|appendHeader|getHeader|removeHeader|hasHeader|getHeaderNames|getHeaders|validateHeaderName|validateHeaderValue|checkInvalidHeaderChar|checkIsHttpToken) |response\/headers\.js|response\/header-table\.js|node_modules\/vary\//, 'headers'],
  // fastify's reply.header(s); webfw's res.set / res.append live in response/headers.js (above).
  [/^JS (?:header|headers) \S*fastify\/lib\/reply\.js/, 'headers'],

  // The write path: node's OutgoingMessage/ServerResponse, net.Socket writes, writable streams, the header block.
  [NODE_JS('_http_outgoing|net|internal/stream_base_commons|internal/streams/writable|internal/streams/duplex'), 'write'],
  [/node::StreamBase|LibuvStreamWrap|node::WriteWrap|node::StringBytes::|simdutf::.*(?:convert|utf8)|JS (?:_storeHeader|_writeRaw|_send|writeHead|_implicitHeader|end|write) node:_http_server/, 'write'],

  // HTTP parsing and request set-up: llhttp, node's parser glue, IncomingMessage, the server's per-request work.
  [/llhttp|node::http_parser::|node::ConnectionsList/, 'parse'],
  [NODE_JS('_http_common|_http_server|_http_incoming|internal/http|internal/freelist'), 'parse'],

  // Routing and dispatch.
  [/node_modules\/(?:find-my-way|path-to-regexp|router)\/|\/dist\/router\/|express-lib\/router\/|fastify\/lib\/(?:route|handle-request|hooks|wrap-thenable|context)\.js|^JS (?:router|lookup|find) \S*bench\/http\/servers\/bare-common\.js|node_modules\/express4?\/lib\/router\//, 'routing'],

  // Node's event machinery: events, next ticks, timers, microtasks, the loop.
  [NODE_JS('events|internal/process/task_queues|internal/timers|timers|internal/async_hooks|async_hooks|internal/streams/end-of-stream|internal/streams/destroy|internal/process/promises'), 'runtime'],
  [/^uv_|^uv__|node::Environment::|InternalCallbackScope|node::MakeCallback|InternalMakeCallback|RunMicrotasks|MicrotaskQueue|PerformCheckpoint|node::PerIsolatePlatformData|node::AsyncWrap|node::async_context|epoll_wait|__libc_|futex|Builtins_(?:RunMicrotasks|EnqueueMicrotask|PromiseResolve|ResolvePromise|PromiseFulfill|PerformPromiseThen|AsyncFunction|Await)/, 'runtime'],

  // The rest of the frameworks, their dependencies and the servers' handlers.
  [/\/dist\/|node_modules\/|bench\/http\/servers\/|bench\/fixtures\//, 'framework'],
]

/** The bucket whose rule matches `name` first, or null (charged to the callers). */
function bucketOf(name) {
  for (const [pattern, bucket] of rules) if (pattern.test(name)) return bucket
  return null
}

/** Of the functions' own instructions (`self`: name to count), those in V8's compiler and in its garbage collector. */
function compilerAndGc(self) {
  let compiler = 0
  let gc = 0
  for (const [name, cost] of self) {
    const bucket = bucketOf(name)
    if (bucket === 'compiler') compiler += cost
    else if (bucket === 'gc') gc += cost
  }
  return { compiler, gc }
}

module.exports = { buckets, rules, bucketOf, compilerAndGc }
