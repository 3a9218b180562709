import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config.js';
import { HAPROXY_CFG } from '../support/haproxy.js';

/**
 * compose.yaml says what it runs (there is no Docker engine here to run it): these checks read it
 * as Compose does (YAML anchors and merges, `${VAR:-default}` / `${VAR:?message}`) and hold each API
 * service's environment to the server's own configuration loader.
 */
const root = new URL('../../', import.meta.url);
const compose = parse(readFileSync(new URL('compose.yaml', root), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    {
      image?: string;
      build?: unknown;
      pull_policy?: string;
      environment?: Record<string, string>;
      ports?: string[];
      volumes?: string[];
      depends_on?: unknown;
    }
  >;
};

/** Compose's interpolation, for the forms compose.yaml uses. */
const interpolate = (value: string, env: Record<string, string>) =>
  value.replace(/\$\{(\w+)(?:(:-|:\?)([^}]*))?\}/g, (_m, name: string, op: string | undefined, arg: string | undefined) => {
    const v = env[name];
    if (v !== undefined && v !== '') return v;
    if (op === ':?') throw new Error(`compose.yaml requires ${name}: ${arg}`);
    return op === ':-' ? arg! : '';
  });

const apiServices = Object.entries(compose.services).filter(([name]) => /^api-\d+$/.test(name));

describe('compose.yaml', () => {
  it('runs three API services from one image that only one of them builds', () => {
    expect(apiServices.map(([name]) => name)).toEqual(['api-1', 'api-2', 'api-3']);
    const images = new Set(apiServices.map(([, s]) => s.image));
    expect(images.size).toBe(1);
    expect([...images][0]).toBeTruthy();
    const builders = Object.entries(compose.services).filter(([, s]) => s.build !== undefined);
    expect(builders.map(([name]) => name)).toEqual(['api-1']);
    // The others never pull the local tag: they run what api-1 built.
    for (const [name, s] of apiServices) if (name !== 'api-1') expect(s.pull_policy, name).toBe('never');
  });

  it(
    'gives every API service an environment the server accepts, with one process, limits on, ' +
      'Redis, the public address and mail settings',
    () => {
      const env = { OPERATOR_TOKEN: 'op', POSTGRES_PASSWORD: 'pw' };
      expect(() => interpolate(apiServices[0]![1].environment!.OPERATOR_TOKEN!, {})).toThrow(/OPERATOR_TOKEN/);
      expect(() => interpolate(apiServices[0]![1].environment!.DATABASE_URL!, {})).toThrow(/POSTGRES_PASSWORD/);
      for (const [name, s] of apiServices) {
        const raw = s.environment!;
        const given = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, interpolate(String(v), env)]));
        const config = loadConfig(given);
        expect(config.workers, name).toBe(1);
        expect(config.rateLimitPerMinute, name).toBeGreaterThan(0);
        expect(config.trustProxy.length, name).toBeGreaterThan(0);
        expect(config.redisUrl, name).toBe('redis://redis:6379');
        expect(config.databaseUrl, name).toMatch(/@postgres:5432\//);
        expect(config.databaseUrl, name).toContain(':pw@');
        // Metrics on the container's every interface, for Prometheus on the private network (the server's own default is loopback).
        expect(config.metricsHost, name).toBe('0.0.0.0');
        expect(config.clientSeeds, name).toBe(false);
        expect(config.publicUrl, name).toBe('http://localhost:8080'); // the proxy's published port
        expect(
          loadConfig({
            ...given,
            ...Object.fromEntries(
              Object.entries(raw).map(([k, v]) => [
                k,
                interpolate(String(v), { ...env, PUBLIC_URL: 'https://games.example.org', SMTP_URL: 'smtp://u:p@smtp.example.org:587' }),
              ]),
            ),
          }),
        ).toMatchObject({
          publicUrl: 'https://games.example.org',
          smtpUrl: 'smtp://u:p@smtp.example.org:587',
        });
        expect(Object.keys(raw), name).toEqual(expect.arrayContaining(['SMTP_URL', 'MAIL_FROM', 'PUBLIC_URL']));
      }
    },
  );

  it('names no default password: Postgres, the API and Grafana refuse to start without theirs', () => {
    const pg = compose.services.postgres!.environment!;
    expect(() => interpolate(pg.POSTGRES_PASSWORD!, {})).toThrow(/compose.yaml requires POSTGRES_PASSWORD/);
    expect(interpolate(pg.POSTGRES_PASSWORD!, { POSTGRES_PASSWORD: 's3cret' })).toBe('s3cret');
    const obs = parse(readFileSync(new URL('deploy/compose.observability.yaml', root), 'utf8')) as {
      services: Record<string, { environment?: Record<string, string> }>;
    };
    const grafana = obs.services.grafana!.environment!;
    expect(() => interpolate(grafana.GF_SECURITY_ADMIN_PASSWORD!, {})).toThrow(/requires GRAFANA_ADMIN_PASSWORD/);
    // No `:-default` form gives any variable whose name says it is a secret a value of its own.
    for (const file of ['compose.yaml', 'deploy/compose.observability.yaml']) {
      const text = readFileSync(new URL(file, root), 'utf8');
      expect(text, file).not.toMatch(/\$\{\w*(PASSWORD|TOKEN|SECRET)\w*:-/);
    }
    // The server's own default: metrics on loopback only.
    expect(loadConfig({}).metricsHost).toBe('127.0.0.1');
  });

  it('puts HAProxy in front with the checked configuration, reaching every API service on its port', () => {
    const proxy = compose.services.proxy!;
    expect(proxy.image).toMatch(/^haproxy:/);
    expect(proxy.volumes).toContain('./deploy/haproxy:/usr/local/etc/haproxy:ro');
    expect(existsSync(new URL('deploy/haproxy/haproxy.cfg', root))).toBe(true);
    const cfg = readFileSync(HAPROXY_CFG, 'utf8');
    // The servers' default addresses are the API services' names and the server's port.
    const servers = [...cfg.matchAll(/^\s*server (\S+) "\$\{API_\d-([\w-]+):(\d+)\}"/gm)].map((m) => [m[1], m[2], Number(m[3])]);
    const port = loadConfig({}).port;
    expect(servers).toEqual(apiServices.map(([name]) => [name, name, port]));
    // The published port is the one the proxy binds by default.
    const bind = /bind "\$\{HAPROXY_BIND-:(\d+)\}"/.exec(cfg)?.[1];
    expect(proxy.ports).toContain(`8080:${bind}`);
    // Nothing else is published: the API processes are reached through the proxy only.
    for (const [name, s] of apiServices) expect(s.ports, name).toBeUndefined();
  });
});
