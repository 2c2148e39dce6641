// A flood of clients without the access token against `badzone serve --host 0.0.0.0` (docs/serve.md, "Limits that
// protect the server"): idle connections, connections that send part of their headers and stop, and slow drips (a
// header line a second), spread over several loopback addresses (127.0.0.2 to 127.0.0.9 by default: Linux routes
// all of 127/8 to the loopback interface; macOS and Windows have only 127.0.0.1 unless configured). Each connection
// the server closes is opened again after --reconnect-ms (0: never), so the pressure holds as an attacker's would.
// Used by test/e2e/serve-flood.test.ts and by the bench (scripts/bench-serve.mjs), each running it in a child
// process with `ulimit -n` raised, since it holds up to --count sockets.
//
//   node scripts/serve-flood.mjs --port P [--count 2000] [--from 2-9] [--reconnect-ms 1000]
//
// Prints one JSON line when every first connection has been tried ({"ready": true, ...}), one a second after that,
// and a last one ({"done": true, ...}) when it gets SIGTERM or its standard input closes, then exits.
import * as net from 'node:net';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? dflt : args[i + 1];
};
const port = Number(opt('port'));
const count = Number(opt('count', '2000'));
const [lo, hi] = opt('from', '2-9').split('-').map(Number);
const reconnectMs = Number(opt('reconnect-ms', '1000'));
if (!port || !count || !lo || !hi || !(reconnectMs >= 0)) {
  process.stderr.write(
    'usage: node scripts/serve-flood.mjs --port P [--count 2000] [--from 2-9] [--reconnect-ms 1000]\n',
  );
  process.exit(2);
}
const addresses = Array.from({ length: hi - lo + 1 }, (_, i) => `127.0.0.${lo + i}`);
const KINDS = ['idle', 'partial', 'drip'];

let stopping = false;
const open = new Set();
const s = {
  attempts: 0,
  connected: 0,
  /** Connections that never connected, by error code (EMFILE here means the file limit is too low). */
  connectErrors: {},
  /** Closed by the server with nothing sent back: refused on arrival, or closed to make room for a newcomer. */
  closedSilently: 0,
  /** Closed by the server after an answer: node:http's 408 when the headers are late. */
  closedAnswered: 0,
  /** Of those, how many answers were a 408. */
  got408: 0,
  /** The longest a connection stayed open before the server closed it, in ms, and the longest of the silent ones. */
  lifeMax: 0,
  silentLifeMax: 0,
  /**
   * The most connections from one address open at one time, counting those open for more than 2 s: a connection
   * the server refuses is closed as soon as it is accepted, one it holds stays 5 to 6 s, and the client cannot
   * tell the time a connection waited in the kernel's queue before the server accepted it.
   */
  heldMax: 0,
};

let firstSettled = 0;

function connect(address, kind, first = false) {
  if (stopping) return;
  s.attempts++;
  const c = { address, kind, at: 0, data: '', timer: null };
  let settled = !first;
  const settle = () => {
    if (!settled) firstSettled++;
    settled = true;
  };
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: address });
  c.socket = socket;
  socket.setEncoding('utf8');
  socket.on('data', (d) => (c.data += d));
  socket.on('error', (e) => {
    settle();
    if (!c.at) s.connectErrors[e.code ?? 'error'] = (s.connectErrors[e.code ?? 'error'] ?? 0) + 1;
  });
  socket.once('connect', () => {
    settle();
    c.at = Date.now();
    s.connected++;
    open.add(c);
    if (kind === 'partial') socket.write('GET / HTTP/1.1\r\nHost: flood.example\r\n');
    if (kind === 'drip') {
      socket.write('GET / HTTP/1.1\r\n');
      c.timer = setInterval(() => socket.write('X-Drip: 1\r\n'), 1000);
    }
  });
  socket.once('close', () => {
    clearInterval(c.timer);
    if (c.at && !stopping) {
      open.delete(c);
      const life = Date.now() - c.at;
      s.lifeMax = Math.max(s.lifeMax, life);
      if (c.data === '') {
        s.closedSilently++;
        s.silentLifeMax = Math.max(s.silentLifeMax, life);
      } else {
        s.closedAnswered++;
        if (c.data.startsWith('HTTP/1.1 408')) s.got408++;
      }
    }
    if (!stopping && reconnectMs > 0) setTimeout(() => connect(address, kind), reconnectMs).unref();
  });
}

function sample() {
  const now = Date.now();
  const per = new Map();
  let oldest = 0;
  for (const c of open) {
    oldest = Math.max(oldest, now - c.at);
    if (now - c.at > 2000) per.set(c.address, (per.get(c.address) ?? 0) + 1);
  }
  for (const n of per.values()) s.heldMax = Math.max(s.heldMax, n);
  return { ...s, openNow: open.size, oldestOpenMs: oldest };
}

function finish() {
  if (stopping) return;
  const last = sample();
  stopping = true;
  process.stdout.write(`${JSON.stringify({ done: true, ...last })}\n`);
  for (const c of open) c.socket.destroy();
  process.exit(0);
}
process.on('SIGTERM', finish);
process.stdin.on('end', finish);
process.stdin.resume();

// The first connections, spread evenly (address by address, kind by kind), 100 every 20 ms: all at once, most
// would wait in the kernel's queue of connections not yet accepted (511 deep for node), which floods the kernel
// rather than badzone and blurs what the server did with them.
for (let i = 0; i < count; i += 100) {
  setTimeout(
    () => {
      for (let j = i; j < Math.min(count, i + 100); j++)
        connect(addresses[j % addresses.length], KINDS[Math.floor(j / addresses.length) % KINDS.length], true);
    },
    (i / 100) * 20,
  );
}
const t0 = Date.now();
const settled = setInterval(() => {
  if (firstSettled < count && Date.now() - t0 < 20_000) return;
  clearInterval(settled);
  process.stdout.write(`${JSON.stringify({ ready: true, ...sample() })}\n`);
  setInterval(() => process.stdout.write(`${JSON.stringify(sample())}\n`), 1000);
}, 50);
setInterval(sample, 250);
