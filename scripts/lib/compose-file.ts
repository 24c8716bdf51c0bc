import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** The parts of a docker-compose service the process stack reads. */
export interface ComposeService {
  name: string;
  image?: string;
  build?: unknown;
  command?: string[];
  environment: Record<string, string>;
  ports: { published: number; target: number }[];
  volumes: { source: string; target: string }[];
  dependsOn: Record<string, 'service_started' | 'service_healthy' | 'service_completed_successfully'>;
  profiles: string[];
  /** restart: "no": a one-shot job that runs to its end. */
  oneShot: boolean;
}

/**
 * Compose's variable interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, and
 * $$ for a literal $. An unset required variable is an error naming it, as `docker compose` reports it.
 */
export function interpolate(text: string, vars: Record<string, string | undefined>): string {
  return text.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])((?:[^}])*))?\}/g, (whole, name?: string, colon?: string, op?: string, arg?: string) => {
    if (whole === '$$') return '$';
    const v = vars[name!];
    const missing = v === undefined || (colon === ':' && v === '');
    if (op === '-') return missing ? arg! : v!;
    if (op === '?') {
      if (missing) throw new Error(`${name} is required: ${arg}`);
      return v!;
    }
    return v ?? '';
  });
}

function list(x: unknown): string[] {
  if (x === undefined || x === null) return [];
  if (Array.isArray(x)) return x.map(String);
  return [String(x)];
}

/** Reads docker-compose.yml (YAML merge keys included) with its variables filled from `vars`. */
export function readCompose(file: string, vars: Record<string, string | undefined>): ComposeService[] {
  const doc = parse(readFileSync(file, 'utf8'), { merge: true }) as { services: Record<string, Record<string, unknown>> };
  const fill = (s: string) => interpolate(s, vars);
  return Object.entries(doc.services).map(([name, s]) => {
    const env = (s.environment ?? {}) as Record<string, unknown> | string[];
    const environment: Record<string, string> = {};
    if (Array.isArray(env)) {
      for (const kv of env) {
        const i = kv.indexOf('=');
        environment[kv.slice(0, i)] = fill(kv.slice(i + 1));
      }
    } else {
      for (const [k, v] of Object.entries(env)) environment[k] = fill(String(v ?? ''));
    }
    const ports = list(s.ports).map((p) => {
      const parts = fill(p).split(':');
      return { published: Number(parts[parts.length - 2]), target: Number(parts[parts.length - 1]) };
    });
    const volumes = list(s.volumes)
      .map((v) => {
        const [source = '', target = ''] = fill(v).split(':');
        return { source, target };
      })
      .filter((v) => v.source.startsWith('./'));
    const deps = (s.depends_on ?? {}) as Record<string, { condition?: string }> | string[];
    const dependsOn: ComposeService['dependsOn'] = {};
    if (Array.isArray(deps)) for (const d of deps) dependsOn[d] = 'service_started';
    else for (const [d, c] of Object.entries(deps)) dependsOn[d] = (c?.condition ?? 'service_started') as ComposeService['dependsOn'][string];
    return {
      name,
      image: s.image as string | undefined,
      build: s.build,
      command: Array.isArray(s.command) ? s.command.map((c) => fill(String(c))) : undefined,
      environment,
      ports,
      volumes,
      dependsOn,
      profiles: list(s.profiles),
      oneShot: s.restart === 'no',
    };
  });
}
