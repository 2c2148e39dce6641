// A minimal server-sent-events reader for tests and the benchmark: frames as they arrive, with their time.
import * as http from 'node:http';

export interface Frame {
  id: string | null;
  event: string | null;
  data: string;
  at: bigint;
}

export interface SseClient {
  frames: Frame[];
  status: Promise<number>;
  /** Resolves with the first frame (from now on, or already received if `past`) that matches. */
  next(match?: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  close(): void;
}

export function sse(url: string, headers: Record<string, string> = {}): SseClient {
  const frames: Frame[] = [];
  const waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  let buf = '';
  let req: http.ClientRequest;
  const status = new Promise<number>((resolve, reject) => {
    req = http.get(url, { headers: { Accept: 'text/event-stream', ...headers }, agent: false }, (res) => {
      resolve(res.statusCode ?? 0);
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let end: number;
        while ((end = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, end);
          buf = buf.slice(end + 2);
          const f: Frame = { id: null, event: null, data: '', at: process.hrtime.bigint() };
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) f.id = line.slice(4);
            else if (line.startsWith('event: ')) f.event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          f.data = data.join('\n');
          if (f.event === null && data.length === 0) continue;
          frames.push(f);
          for (const w of [...waiters]) {
            if (w.match(f)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(f);
            }
          }
        }
      });
      res.on('error', () => {});
    });
    req.on('error', (e) => reject(e));
  });
  status.catch(() => {});
  return {
    frames,
    status,
    next(match = () => true, timeoutMs = 10_000): Promise<Frame> {
      return new Promise((resolve, reject) => {
        const t = setTimeout(
          () => reject(new Error(`no matching event within ${timeoutMs} ms (${frames.length} frames so far)`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (f) => {
            clearTimeout(t);
            resolve(f);
          },
        });
      });
    },
    close(): void {
      req.destroy();
    },
  };
}

export interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function get(url: string, opts: { method?: string; headers?: Record<string, string> } = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A request with the path sent exactly as given (no URL normalisation of "..", "%2e" and the like). */
export function getRaw(
  port: number,
  rawPath: string,
  opts: { method?: string; headers?: Record<string, string> } = {},
): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: rawPath, method: opts.method ?? 'GET', headers: opts.headers, agent: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
