// Who sent a request: the socket's address, and whether it is a trusted reverse proxy (VAT_TRUSTED_PROXIES),
// whose identity header and X-Forwarded-* headers alone are believed.
import net from 'node:net';
import type { FastifyRequest } from 'fastify';

export type ProxyTrust = (address: string | undefined) => boolean;

const plain = (a: string) => a.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

/** Addresses and CIDR ranges, IPv4 or IPv6 (an IPv4-mapped IPv6 peer counts as its IPv4 address). */
export function proxyTrust(entries: string[]): ProxyTrust {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [addr, bits] = entry.split('/');
    const type = net.isIPv6(addr) ? 'ipv6' : 'ipv4';
    if (!net.isIP(addr))
      throw new Error(`VAT_TRUSTED_PROXIES: ${JSON.stringify(entry)} is not an IP address or CIDR range`);
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return (address) => {
    if (!address) return false;
    const a = plain(address);
    return list.check(a, net.isIPv6(a) ? 'ipv6' : 'ipv4');
  };
}

export const socketAddress = (req: FastifyRequest): string => plain(req.socket.remoteAddress ?? 'unknown');

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The client's address: the proxy's X-Forwarded-For (its last entry, the one the proxy added) when trusted. */
export function clientAddress(req: FastifyRequest, trusted: ProxyTrust): string {
  const socket = socketAddress(req);
  const forwarded = trusted(socket) ? header(req, 'x-forwarded-for')?.split(',').pop()?.trim() : undefined;
  return forwarded && net.isIP(forwarded) ? plain(forwarded) : socket;
}

/** Whether the browser reached us over HTTPS (directly, or at a trusted proxy that says so). */
export function cameOverHttps(req: FastifyRequest, trusted: ProxyTrust): boolean {
  if (req.protocol === 'https') return true;
  return trusted(socketAddress(req)) && header(req, 'x-forwarded-proto')?.split(',')[0].trim() === 'https';
}

export function cookieValue(req: FastifyRequest, name: string): string | null {
  for (const part of (header(req, 'cookie') ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return null;
}
