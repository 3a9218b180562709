import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { createGenerator } from 'ts-json-schema-generator';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { collectProcessMetrics, register } from '../../src/telemetry/metrics.js';
import { ensurePromtool, promtool } from '../support/promtool.js';

const DEPLOY = resolve('deploy');
const dashboard = JSON.parse(readFileSync(join(DEPLOY, 'grafana/dashboards/citybuilder.json'), 'utf8')) as {
  uid: string;
  panels: { id: number; type: string; title: string; targets?: { refId: string; expr: string }[] }[];
};
const queries = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })));

/**
 * The operator's files in deploy/: Prometheus's alert rules and configuration (checked and
 * unit-tested by promtool), Grafana's dashboard (against Grafana's own schema of a dashboard, from
 * @grafana/schema), and their place in compose.yaml.
 */
describe('deploy/: alert rules, Prometheus configuration, Grafana dashboard, compose profile', () => {
  beforeAll(() => ensurePromtool());

  it('promtool check rules passes on the alert rules, and their unit tests pass', () => {
    const checked = promtool(['check', 'rules', join(DEPLOY, 'prometheus/alerts.yml')]);
    expect(checked.output).toMatch(/SUCCESS: \d+ rules found/);
    expect(checked.status).toBe(0);
    const tested = promtool(['test', 'rules', join(DEPLOY, 'prometheus/alerts.test.yml')]);
    expect(tested.output).toContain('SUCCESS');
    expect(tested.status).toBe(0);
  });

  it('promtool check config passes on the Prometheus configuration (and the rules it loads)', () => {
    const r = promtool(['check', 'config', join(DEPLOY, 'prometheus/prometheus.yml')]);
    expect(r.output).toContain('is valid prometheus config file syntax');
    expect(r.status).toBe(0);
  });

  it("the dashboard JSON loads and matches Grafana's schema of a dashboard (@grafana/schema)", () => {
    const schema = createGenerator({
      path: resolve('node_modules/@grafana/schema/dist/types/raw/dashboard/x/types.gen.d.ts'),
      type: 'Dashboard',
      skipTypeCheck: true,
      additionalProperties: true,
      topRef: true,
    }).createSchema('Dashboard');
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(schema);
    expect(validate(dashboard), ajv.errorsText(validate.errors, { separator: '\n' })).toBe(true);
    // The schema lets a panel's own fields through: what Grafana needs of ours is checked here.
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of dashboard.panels.filter((x) => x.type !== 'row')) {
      expect(p.targets?.length, p.title).toBeGreaterThan(0);
      expect(new Set(p.targets!.map((t) => t.refId)).size, p.title).toBe(p.targets!.length);
    }
  });

  it('every dashboard query is valid PromQL and names only metrics the server exports', () => {
    // Grafana's $__rate_interval becomes a duration; promtool then parses each query as a rule.
    const dir = mkdtempSync(join(tmpdir(), 'cb-dash-'));
    try {
      const rules = {
        groups: [
          {
            name: 'dashboard',
            rules: queries.map((q, i) => ({ record: `dashboard:query_${i}`, expr: q.expr.replaceAll('$__rate_interval', '5m') })),
          },
        ],
      };
      writeFileSync(join(dir, 'rules.yml'), JSON.stringify(rules));
      const r = promtool(['check', 'rules', join(dir, 'rules.yml')]);
      expect(r.output).toContain(`SUCCESS: ${queries.length} rules found`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    collectProcessMetrics();
    const exported = new Set(register.getMetricsAsArray().map((m) => (m as unknown as { name: string }).name));
    const named = (expr: string) =>
      [...expr.matchAll(/\b((?:citybuilder|nodejs|process)_[a-z0-9_]+)/g)].map((m) => m[1]!.replace(/_(bucket|sum|count)$/, ''));
    for (const q of queries)
      for (const name of named(q.expr)) expect(exported.has(name) || exported.has(`${name}_total`), `${q.panel}: ${name}`).toBe(true);
    const alerts = readFileSync(join(DEPLOY, 'prometheus/alerts.yml'), 'utf8');
    for (const name of named(alerts)) expect(exported.has(name), `alerts.yml: ${name}`).toBe(true);
  });

  it('compose.yaml includes Prometheus and Grafana under the opt-in profile, wired to these files', () => {
    const compose = parseYaml(readFileSync('compose.yaml', 'utf8')) as { include?: (string | { path: string })[] };
    const included = (compose.include ?? []).map((i) => (typeof i === 'string' ? i : i.path));
    expect(included).toContain('deploy/compose.observability.yaml');
    const file = resolve('deploy/compose.observability.yaml');
    const obs = parseYaml(readFileSync(file, 'utf8')) as { services: Record<string, { profiles?: string[]; volumes?: string[] }> };
    expect(Object.keys(obs.services).sort()).toEqual(['grafana', 'prometheus']);
    for (const [name, svc] of Object.entries(obs.services)) {
      expect(svc.profiles, name).toEqual(['observability']);
      for (const v of svc.volumes ?? [])
        if (v.startsWith('./')) expect(existsSync(resolve(dirname(file), v.split(':')[0]!)), `${name}: ${v}`).toBe(true);
    }
  });
});
