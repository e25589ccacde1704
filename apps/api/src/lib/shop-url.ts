import net from 'node:net';

/**
 * The address to print for people: a wildcard bind (0.0.0.0, ::) is reachable from this computer
 * as localhost, which a terminal turns into a link; any other host is printed as it is.
 */
export function shopUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return `http://localhost:${port}`;
  return net.isIPv6(host) ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}
