// The Host allow-list, in every mode: a request must name this server (VAT_ALLOWED_HOSTS, by default the
// bind address) or a localhost name, with any port. A web page on another site that points its own name
// at this server's address (DNS rebinding) then reaches nothing, since its requests carry its name.
import type { FastifyReply, FastifyRequest } from 'fastify';

const LOCAL_NAMES = ['localhost', '127.0.0.1', '::1'];

/** `name` or `name:port` → [name, port|null]; IPv6 literals in brackets. */
export function splitHost(host: string): [string, string | null] {
  const m = /^\[([^\]]+)\](?::(\d+))?$/.exec(host) ?? /^([^:]+)(?::(\d+))?$/.exec(host);
  if (m) return [m[1].toLowerCase(), m[2] ?? null];
  return [host.toLowerCase(), null]; // a bare IPv6 address in an allow-list entry
}

export function hostAllowed(host: string | undefined, allowed: string[]): boolean {
  if (!host) return false;
  const [name, port] = splitHost(host.trim());
  if (LOCAL_NAMES.includes(name)) return true;
  return allowed.some((entry) => {
    const [n, p] = splitHost(entry);
    return n === name && (p === null || p === port);
  });
}

export function hostAllowListHook(allowed: string[]) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const host = req.headers.host;
    if (hostAllowed(host, allowed)) return;
    await reply.status(421).send({
      detail: `This server does not answer to the host name ${JSON.stringify(host ?? '')}: add it to VAT_ALLOWED_HOSTS to serve it`,
    });
  };
}
