/**
 * Every form of the `trust proxy` setting, applied alike to req.ip, req.ips,
 * req.protocol, req.secure, req.host and req.hostname. The test client
 * connects from 127.0.0.1 and claims to have passed through three proxies.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { call } from '../helpers/call'
import { type Any, webfw } from '../helpers/webfw'

const headers = {
  Host: 'internal:3000',
  'X-Forwarded-For': '203.0.113.7, 169.254.4.4, 10.0.0.2',
  'X-Forwarded-Proto': 'https',
  'X-Forwarded-Host': 'public.example:8443',
}

interface View {
  ip: string
  ips: string[]
  protocol: string
  secure: boolean
  host: string
  hostname: string
}

const direct: View = { ip: '127.0.0.1', ips: [], protocol: 'http', secure: false, host: 'internal:3000', hostname: 'internal' }
const proxied = { protocol: 'https', secure: true, host: 'public.example:8443', hostname: 'public.example' }
const oneHop: View = { ...proxied, ip: '10.0.0.2', ips: ['10.0.0.2'] }
const twoHops: View = { ...proxied, ip: '169.254.4.4', ips: ['169.254.4.4', '10.0.0.2'] }
const allHops: View = { ...proxied, ip: '203.0.113.7', ips: ['203.0.113.7', '169.254.4.4', '10.0.0.2'] }

const forms: Array<[string, unknown, View]> = [
  ['false (default)', false, direct],
  ['true', true, allHops],
  ['name "loopback"', 'loopback', oneHop],
  ['name "uniquelocal" (peer not in it)', 'uniquelocal', direct],
  ['name "linklocal" (peer not in it)', 'linklocal', direct],
  ['comma-separated names', 'loopback, uniquelocal', twoHops],
  ['array of names', ['loopback', 'uniquelocal', 'linklocal'], allHops],
  ['an address', '127.0.0.1', oneHop],
  ['an address that is not the peer', '192.0.2.1', direct],
  ['subnets in CIDR notation', '127.0.0.0/8, 10.0.0.0/8', twoHops],
  ['a subnet with a netmask', ['127.0.0.1/255.0.0.0', '10.0.0.0/255.0.0.0', '169.254.0.0/16'], allHops],
  ['hop count 0', 0, direct],
  ['hop count 1', 1, oneHop],
  ['hop count 2', 2, twoHops],
  ['hop count 3', 3, allHops],
  ['function', (addr: string) => addr === '127.0.0.1' || addr === '10.0.0.2', twoHops],
]

async function view(trust: unknown): Promise<View> {
  const app = webfw()
  app.set('trust proxy', trust)
  app.use((req: Any, res: Any) => {
    const { ip, ips, protocol, secure, host, hostname } = req
    res.setHeader('Content-Type', 'application/json')
    res.end(JSON.stringify({ ip, ips, protocol, secure, host, hostname }))
  })
  return JSON.parse((await call(app, '/', { headers })).body)
}

describe('trust proxy', () => {
  for (const [name, trust, expected] of forms) {
    it(`${name}: ip, ips, protocol, secure, host, hostname`, async () => {
      assert.deepEqual(await view(trust), expected)
    })
  }

  it('asks the function about each address with its hop index, socket first', async () => {
    const seen: Array<[string, number]> = []
    await view((addr: string, i: number) => {
      seen.push([addr, i])
      return true
    })
    // req.ip asks first; the client-most address is never asked about (nothing lies beyond it).
    assert.deepEqual(seen.slice(0, 3), [
      ['127.0.0.1', 0],
      ['10.0.0.2', 1],
      ['169.254.4.4', 2],
    ])
    assert.ok(!seen.some(([addr]) => addr === '203.0.113.7'))
  })

  it('rejects a value that is not an address, subnet or name when set', () => {
    assert.throws(() => webfw().set('trust proxy', 'not-an-address'), TypeError)
  })
})
