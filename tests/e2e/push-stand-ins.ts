/**
 * The ports the browser tests' push stand-ins listen on (tests/helpers/push-service.ts), one per spec that pushes.
 * The server posts only to host:port pairs it was told of (OUTBOUND_TEST_HOSTS, set by serve.ts), so they cannot be
 * free ports picked at run time. They follow E2E_PORT, ten to a run (4317 → 23170…), so runs on neighbouring ports
 * never share one, and they sit below the ports the system hands out for outgoing connections (32768 and up).
 */
const SPECS = ['push', 'waitlist-push'] as const;

export function pushStandInPort(spec: (typeof SPECS)[number]): number {
  const e2ePort = Number(process.env.E2E_PORT ?? 4317);
  return 20_000 + (e2ePort % 1000) * 10 + SPECS.indexOf(spec);
}

/** OUTBOUND_TEST_HOSTS for the server of this run. */
export const pushStandInHosts = () => SPECS.map((spec) => `127.0.0.1:${pushStandInPort(spec)}`).join(',');
