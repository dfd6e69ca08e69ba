import { describe, expect, it } from 'vitest';
import { trustProxyOf, trustProxySetting } from './proxy.js';

describe('trustProxyOf', () => {
  it('should trust no proxy when TRUST_PROXY is unset, and read its addresses, ranges and proxy-addr names', () => {
    expect(trustProxyOf({})).toEqual([]);
    expect(trustProxySetting(trustProxyOf({}))).toBe(false);
    const proxies = trustProxyOf({ TRUST_PROXY: ' 10.0.0.1, 10.1.0.0/16 ,loopback,' });
    expect(proxies).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback']);
    expect(trustProxySetting(proxies)).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback']);
  });

  it('should refuse an entry that is no address, range or proxy-addr name, naming the variable', () => {
    expect(() => trustProxyOf({ TRUST_PROXY: 'proxy.exemplo.com.br' })).toThrow(/TRUST_PROXY/);
    expect(() => trustProxyOf({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/Invalid configuration/);
  });
});
