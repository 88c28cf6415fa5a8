// NO_PROXY, read the way curl and Go read it, plus Go's loopback rule (which gh follows):
// localhost and loopback addresses are never proxied, whatever the variables say, so the
// embedded sandbox, `sandbox serve` and the OAuth loopback callback keep working behind a
// proxy. Environment-proxy agents such as undici's EnvHttpProxyAgent match names only (no
// address ranges, no loopback rule) and keep their decision private; ours is one pure
// function that both the network (src/api/network.ts) and the --debug trace ask.
import net, { isIP, type BlockList } from 'node:net';

export interface NoProxy {
  /** `*`: nothing is proxied. */
  all: boolean;
  /** Host names and domains ("example.com" also covers "api.example.com"), lower case. */
  names: Array<{ name: string; port: number | undefined }>;
  /** IP addresses and CIDR ranges. */
  addresses: BlockList;
}

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Parse NO_PROXY: entries separated by commas or spaces; `*`, names, `.domain`, `*.domain`, `name:port`, IPs, CIDR ranges. */
export function parseNoProxy(value: string | undefined): NoProxy {
  const rules: NoProxy = { all: false, names: [], addresses: new net.BlockList() };
  for (const entry of (value ?? '').split(/[\s,]+/)) {
    if (entry === '') continue;
    if (entry === '*') {
      rules.all = true;
      continue;
    }
    const cidr = /^([^/]+)\/(\d{1,3})$/.exec(entry);
    if (cidr && isIP(unbracket(cidr[1]!))) {
      const address = unbracket(cidr[1]!);
      const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
      const prefix = Number(cidr[2]);
      if (prefix <= (family === 'ipv4' ? 32 : 128)) rules.addresses.addSubnet(address, prefix, family);
      continue;
    }
    const { host, port } = splitPort(entry);
    if (isIP(host)) rules.addresses.addAddress(host, isIP(host) === 4 ? 'ipv4' : 'ipv6');
    else
      rules.names.push({
        name: host
          .replace(/^\*?\./, '')
          .replace(/\.$/, '')
          .toLowerCase(),
        port,
      });
  }
  return rules;
}

/** True when a request to `hostname:port` must go direct: a loopback host, or a NO_PROXY match. */
export function bypassesProxy(rules: NoProxy, hostname: string, port: number): boolean {
  const host = unbracket(hostname).replace(/\.$/, '').toLowerCase();
  if (isLoopbackHost(host) || rules.all) return true;
  const family = isIP(host);
  if (family) return rules.addresses.check(host, family === 4 ? 'ipv4' : 'ipv6');
  return rules.names.some(
    ({ name, port: only }) => (only === undefined || only === port) && (host === name || host.endsWith(`.${name}`)),
  );
}

/** Go's rule: the name `localhost`, or an address in 127.0.0.0/8 or ::1 (IPv4-mapped forms included). */
export function isLoopbackHost(hostname: string): boolean {
  const host = unbracket(hostname).replace(/\.$/, '').toLowerCase();
  if (host === 'localhost') return true;
  const family = isIP(host);
  return family !== 0 && LOOPBACK.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

function splitPort(entry: string): { host: string; port: number | undefined } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { host: bracketed[1]!, port: bracketed[2] === undefined ? undefined : Number(bracketed[2]) };
  // A bare IPv6 address has several colons and no port.
  if (entry.indexOf(':') !== entry.lastIndexOf(':')) return { host: entry, port: undefined };
  const withPort = /^(.+):(\d+)$/.exec(entry);
  return withPort ? { host: withPort[1]!, port: Number(withPort[2]) } : { host: entry, port: undefined };
}

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
