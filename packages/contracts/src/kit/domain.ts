import type { Label } from './field';
import type { ResourceDef } from './resource';
import type { Domain } from '../domains';

/** A domain's service: `services/<name>/`, the package `@portal/<name>`, its own database and process. */
export interface DomainService {
  /** The other domains' services it calls besides record owners (the HR directory, the approver directory…). */
  needs?: readonly Domain[];
  /**
   * It asks about records of any domain (who may see one, its department, its title): the files service about what a
   * file is attached to, the system service about what an activity entry names. It then calls every domain whose
   * service owns resources, a new one included, without anyone listing it.
   */
  records?: boolean;
}

/** What a domain is: one entry of the registry (packages/contracts/src/domains.ts), everything else derived from it. */
export interface DomainDef {
  name: Domain;
  /** What a user calls it (the gateway names it when its service is unavailable; the shell's menu names its remote). */
  label: Label;
  /** Its declared resources (`packages/contracts/src/<name>/`), each saying this domain. */
  resources: ResourceDef[];
  /** Its service, if it has one yet. */
  service: DomainService | null;
  /** Its front-end remote, `mfe-<name>/`, mounted by the shell at `/<name>`. */
  remote: boolean;
}

export type DomainDecl = Pick<DomainDef, 'name' | 'label'> & Partial<Omit<DomainDef, 'name' | 'label'>>;

/**
 * One domain, as the registry lists it. A resource keeps its own `domain:` (code reading a declaration before the
 * registry module ran — the front end's first chunk, a declaration's own checks — still sees it), and the registry
 * refuses one that names another domain.
 */
export function defineDomain(decl: DomainDecl): DomainDef {
  const def: DomainDef = { resources: [], service: null, remote: false, ...decl };
  for (const r of def.resources) if (r.domain !== def.name) throw new Error(`${r.name} is listed in the domain ${def.name} but declares domain: '${r.domain}'`);
  if (def.service?.needs?.includes(def.name)) throw new Error(`${def.name}: a service does not need itself`);
  if (def.resources.length && !def.service) throw new Error(`${def.name}: resources need a service to own them`);
  return def;
}

/**
 * The registry: the domains in the order of `names` (the order the stacks migrate, build and start their services), each
 * once; a resource in one domain only; what a service needs is a domain with a service.
 */
export function domainRegistry(names: readonly Domain[], defs: readonly DomainDef[]): readonly DomainDef[] {
  const listed = defs.map((d) => d.name).join(', ');
  if (listed !== names.join(', ')) throw new Error(`the domain registry lists ${listed}; DOMAINS says ${names.join(', ')}`);
  const owner = new Map<string, Domain>();
  for (const d of defs) {
    for (const r of d.resources) {
      const other = owner.get(r.name);
      if (other) throw new Error(`${r.name} is listed in both ${other} and ${d.name}`);
      owner.set(r.name, d.name);
    }
    for (const n of d.service?.needs ?? []) if (!defs.find((x) => x.name === n)?.service) throw new Error(`${d.name} needs ${n}, which has no service`);
  }
  return defs;
}

/** The domains whose services this one calls: what it needs, and with `records`, every other domain owning resources. */
export function calledDomains(registry: readonly DomainDef[], name: Domain): Domain[] {
  const self = registry.find((d) => d.name === name);
  if (!self?.service) return [];
  const owners = self.service.records ? registry.filter((d) => d.service && d.resources.length).map((d) => d.name) : [];
  const wanted = new Set<Domain>([...(self.service.needs ?? []), ...owners]);
  wanted.delete(name);
  // In the registry's order, so the list reads the same everywhere it is shown.
  return registry.map((d) => d.name).filter((d) => wanted.has(d));
}

/** The variable a service process reads another domain's service address from (one or several, comma-separated). */
export const serviceUrlVar = (d: Domain) => `${d.toUpperCase()}_URL`;
/** The variable the gateway reads a domain's instances from. */
export const gatewayUrlsVar = (d: Domain) => `${d.toUpperCase()}_URLS`;
