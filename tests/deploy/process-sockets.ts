import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * The local ports of the TCP connections process `pid` holds open to port `to`, read from Linux's /proc (the deploy
 * suite runs on Linux): a server on `to` that records its clients' ports can tell which connections were this process's.
 */
export function localTcpPorts(pid: number, to: number): Set<number> {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (socket) inodes.add(socket[1]);
    } catch {
      // Closed between the listing and the read.
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    // Columns: sl, local_address (hex address:port), rem_address, st, queues, tr, retrnsmt, uid, timeout, inode, …
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      const port = (address: string) => parseInt(address.slice(address.lastIndexOf(':') + 1), 16);
      if (cols.length > 9 && inodes.has(cols[9]) && port(cols[2]) === to) ports.add(port(cols[1]));
    }
  }
  return ports;
}
