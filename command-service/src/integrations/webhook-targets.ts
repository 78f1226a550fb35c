import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where outbound webhooks may point (against server-side request forgery):
 * - production: https only, to public addresses only;
 * - elsewhere (development, tests): http or https, public addresses and loopback;
 * - never link-local (cloud metadata), private (10/8, 172.16/12, 192.168/16, fc00::/7),
 *   carrier-grade NAT, unspecified or multicast addresses, unless `allowPrivate`
 *   (WEBHOOK_ALLOW_PRIVATE_TARGETS=true: an intranet receiver).
 * The rule is applied to every address the name resolves to, when subscribing and again on the
 * connection itself (the lookup below), so a name re-pointed later is refused too.
 */
export type TargetRule = { production: boolean; allowPrivate: boolean };

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
const internal = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.168.0.0', 16], ['192.0.0.0', 24], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  internal.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [['::', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) internal.addSubnet(net, bits, 'ipv6');

/** Null when the address may be called, else why not. */
export function addressRefusal(address: string, rule: TargetRule): string | null {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  const mapped = family === 'ipv6' && /^::ffff:(\d+\.){3}\d+$/i.test(address) ? address.slice(7) : null;
  if (mapped) return addressRefusal(mapped, rule);
  if (loopback.check(address, family)) return rule.production && !rule.allowPrivate ? 'a loopback address' : null;
  if (internal.check(address, family)) return rule.allowPrivate ? null : 'a private or reserved address';
  return null;
}

/** Null when the URL's form is allowed (scheme, no credentials), else why not. */
export function urlRefusal(url: URL, rule: TargetRule): string | null {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !rule.production)) {
    return rule.production ? 'Webhook URLs must use https.' : 'Webhook URLs must use http or https.';
  }
  if (url.username || url.password) return 'Webhook URLs must not carry credentials.';
  return null;
}

const lookupAll = (host: string) => new Promise<LookupAddress[]>((resolve, reject) =>
  dnsLookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));

/** Checks a URL fully, resolving its host: null when it may be called, else a sentence for the user. */
export async function targetRefusal(raw: string, rule: TargetRule): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Not a valid URL.';
  }
  const form = urlRefusal(url, rule);
  if (form) return form;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookupAll(host)).map((a) => a.address);
  } catch {
    return `The host ${host} could not be resolved.`;
  }
  for (const a of addresses) {
    const why = addressRefusal(a, rule);
    if (why) return `The host ${host} resolves to ${why}, which webhooks may not call.`;
  }
  return null;
}

/** A DNS lookup for node:http that refuses addresses the rule forbids, at connection time. */
export function guardedLookup(rule: TargetRule) {
  return (hostname: string, options: object, callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const refused = addresses.find((a) => addressRefusal(a.address, rule));
      if (refused) return callback(Object.assign(new Error(`refused target address ${refused.address}`), { code: 'ETARGETREFUSED' }), []);
      const all = (options as { all?: boolean }).all;
      if (all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
