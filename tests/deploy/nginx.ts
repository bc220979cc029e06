import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const NGINX = '/usr/sbin/nginx';

export interface SitePorts {
  /** The three instances, in the order of the shipped upstream's servers. */
  upstreams: number[];
  http: number;
  https: number;
}

export interface SitePaths {
  certificate: string;
  certificateKey: string;
  /** Where unavailable.html is (the repository's deploy/nginx). */
  unavailableRoot: string;
  /** Where the site's access log goes instead of /var/log/nginx (the run's nginx folder). */
  logDir: string;
}

const SHIPPED_ACCESS_LOG = '/var/log/nginx/partyon.access.log';

/**
 * The shipped site with only its ports and paths changed. Each text replaced must be in the shipped file exactly once,
 * so a change there that the suite would silently miss (a renamed path, a fourth server) fails here instead.
 */
export function siteForTest(shipped: string, ports: SitePorts, paths: SitePaths): string {
  const replacements: [string, string][] = [
    ...ports.upstreams.map((port, i): [string, string] => [`server 127.0.0.1:${3001 + i};`, `server 127.0.0.1:${port};`]),
    ['listen 80;', `listen ${ports.http};`],
    ['listen [::]:80;', `listen [::]:${ports.http};`],
    ['listen 443 ssl http2;', `listen ${ports.https} ssl http2;`],
    ['listen [::]:443 ssl http2;', `listen [::]:${ports.https} ssl http2;`],
    ['/etc/ssl/partyon/fullchain.pem;', `${paths.certificate};`],
    ['/etc/ssl/partyon/privkey.pem;', `${paths.certificateKey};`],
    ['root /opt/partyon/deploy/nginx;', `root ${paths.unavailableRoot};`],
  ];
  let site = shipped;
  for (const [from, to] of replacements) {
    const found = site.split(from).length - 1;
    if (found !== 1) throw new Error(`deploy/nginx/partyon.conf: expected "${from}" once, found it ${found} times`);
    site = site.replace(from, to);
  }
  // The site's own access log (its format kept: the suite reads what an operator's file would hold), one per server.
  const logs = site.split(SHIPPED_ACCESS_LOG).length - 1;
  if (logs !== 2) throw new Error(`deploy/nginx/partyon.conf: expected "${SHIPPED_ACCESS_LOG}" in both servers, found it ${logs} times`);
  site = site.replaceAll(SHIPPED_ACCESS_LOG, join(paths.logDir, 'access.log'));
  const servers = [...site.matchAll(/^\s*server 127\.0\.0\.1:\d+;/gm)].length;
  if (servers !== ports.upstreams.length) throw new Error(`deploy/nginx/partyon.conf: expected ${ports.upstreams.length} upstream servers, found ${servers}`);
  return site;
}

/**
 * The test's own nginx.conf around the site, as Debian's wraps sites-enabled: everything nginx writes (pid, logs,
 * temp files) is in `dir`. The site's own access log (written there too) names the instance each request went to.
 */
function wrapperConf(dir: string, sitePath: string): string {
  return `# The deploy suite's nginx: its own files, never the system's service.
daemon off;
worker_processes 1;
worker_rlimit_nofile 8192;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${
  // As root, workers would run as nobody, who cannot enter the run's private scratch folder (the temp files of a
  // request body, the 503 page's root). Debian's www-data reads /opt/partyon on a real server.
  process.getuid?.() === 0 ? 'user root;' : ''
}
events {
    # What deploy/install.sh sets in Debian's nginx.conf. The rolling restart's open-loop load holds a connection per
    # request in flight, and on a busy machine answers slow down: at 512 nginx ran out and dropped new connections
    # before their TLS handshake (a CI run beside npm test: 598 of 14,576 requests failed).
    worker_connections 4096;
}
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    client_body_temp_path ${dir}/temp/client_body;
    proxy_temp_path ${dir}/temp/proxy;
    fastcgi_temp_path ${dir}/temp/fastcgi;
    uwsgi_temp_path ${dir}/temp/uwsgi;
    scgi_temp_path ${dir}/temp/scgi;
    include ${sitePath};
}
`;
}

export interface Nginx {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** nginx's own error log, for a failure's message. */
  errors(): string;
  /**
   * The error log's lines at [warn] or above, counted by what they say (addresses, ids and times taken out):
   * "[warn] 512 worker_connections are not enough ×12; [error] upstream prematurely closed connection ×3". Empty when
   * there are none.
   */
  errorSummary(): string;
  /** The access log as written, to check what it leaves out. */
  accessLogText(): string;
  /** The requests nginx logged so far, each with the instances it tried ("-" when it answered itself). */
  accessLog(): { request: string; status: number; upstream: string }[];
  /** How many requests nginx handed to each instance port (a retried request counts for each it tried). */
  requestsPerUpstream(): Map<number, number>;
  /** Stops nginx gracefully and waits for the master to exit. */
  stop(): Promise<number | null>;
}

/** Checks and starts nginx on the site in `dir`, in a process group of its own (killed whole by the suite). */
export function startNginx(dir: string, site: string): Nginx {
  mkdirSync(join(dir, 'temp'), { recursive: true });
  const sitePath = join(dir, 'partyon.conf');
  const confPath = join(dir, 'nginx.conf');
  writeFileSync(sitePath, site);
  writeFileSync(confPath, wrapperConf(dir, sitePath));
  const errorLog = join(dir, 'error.log');
  const args = ['-c', confPath, '-p', dir, '-e', errorLog];
  // nginx -t says what is wrong with the site (a directive this nginx does not know, a port taken) in one line.
  try {
    execFileSync(NGINX, ['-t', ...args], { stdio: 'pipe' });
  } catch (err) {
    throw new Error(`nginx -t refused the site:\n${String((err as { stderr?: Buffer }).stderr ?? err)}`);
  }
  const child = spawn(NGINX, args, { detached: true, stdio: 'ignore' });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const accessLogPath = join(dir, 'access.log');
  const accessLogText = () => (existsSync(accessLogPath) ? readFileSync(accessLogPath, 'utf8') : '');
  const accessLog = () =>
    existsSync(accessLogPath)
      ? accessLogText()
          .split('\n')
          // The shipped format (partyon_private): address [time] "METHOD /path HTTP/1.1" status bytes seconds "upstreams" "agent".
          .map((line) => /^\S+ \[[^\]]*\] "(.*?)" (\d+) \d+ \S+ "([^"]*)" /.exec(line))
          .filter((m) => m !== null)
          .map((m) => ({ request: m[1], status: Number(m[2]), upstream: m[3] }))
      : [];
  return {
    child,
    exited,
    errors: () => (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''),
    errorSummary() {
      const counts = new Map<string, number>();
      const text = existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '';
      for (const line of text.split('\n')) {
        // "2026/11/28 07:10:01 [error] 123#123: *456 connect() failed (111: Connection refused) while connecting
        // to upstream, client: 127.0.0.1, …": the level and the message up to its first comma. [warn] is where nginx
        // says it ran out of connections.
        const m = /\[(warn|error|crit|alert|emerg)\] \d+#\d+: (?:\*\d+ )?([^,]*)/.exec(line);
        if (m) counts.set(`[${m[1]}] ${m[2]}`, (counts.get(`[${m[1]}] ${m[2]}`) ?? 0) + 1);
      }
      return [...counts].map(([message, n]) => `${message} ×${n}`).join('; ');
    },
    accessLog,
    accessLogText,
    requestsPerUpstream() {
      const counts = new Map<number, number>();
      for (const { upstream } of accessLog()) {
        for (const port of upstream.matchAll(/:(\d+)/g)) counts.set(Number(port[1]), (counts.get(Number(port[1])) ?? 0) + 1);
      }
      return counts;
    },
    async stop() {
      // SIGQUIT: nginx's graceful stop (workers finish their requests).
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      return exited;
    },
  };
}
