/**
 * The registry of the portal's domains (ARCHITECTURE §1): the one place that lists them. What each has — its resources,
 * its service and the services it calls, its front-end remote — is said here; the stacks, the migration generator, the
 * distributed mode's `<DOMAIN>_URL` variables, the gateway, the shell's remotes, the e2e runs and the generated suites
 * derive from it (test/domain-lists.test.ts fails when another list of domains appears). A domain's own files live in
 * its folders: `packages/contracts/src/<name>/`, `services/<name>/`, `mfe-<name>/`, `test/<name>/`.
 */
import { defineDomain, domainRegistry, type DomainDef } from './kit/domain';
import type { Label } from './kit/field';
import { systemResources } from './system/resources';
import { hrResources } from './hr/resources';
import { adminResources } from './admin/resources';
import { assetsResources } from './assets/resources';
import { businessResources } from './business/resources';
import { implementationResources } from './implementation/resources';

/** The domains' names, in the order the stacks migrate, build and start their services (the registry below follows it). */
export const DOMAINS = ['system', 'hr', 'admin', 'assets', 'business', 'implementation', 'files', 'notifications'] as const;
export type Domain = (typeof DOMAINS)[number];

export const DOMAIN_REGISTRY: readonly DomainDef[] = domainRegistry(DOMAINS, [
  defineDomain({
    name: 'system',
    label: { vi: 'Hệ thống', en: 'System' },
    resources: systemResources,
    // HR: the directory behind sign-in and approvals; record owners: what an activity entry names.
    service: { needs: ['hr'], records: true },
  }),
  defineDomain({
    name: 'hr',
    label: { vi: 'Nhân sự', en: 'Human resources' },
    resources: hrResources,
    service: { needs: ['system'] },
    remote: true,
  }),
  defineDomain({
    name: 'admin',
    label: { vi: 'Hành chính', en: 'Administration' },
    resources: adminResources,
    // The approver directory (system); titles and departments of staff, units and departments (HR).
    service: { needs: ['system', 'hr'] },
    remote: true,
  }),
  defineDomain({
    name: 'assets',
    label: { vi: 'Tài sản', en: 'Assets' },
    resources: assetsResources,
    // Titles and departments of staff and units (HR); the approver directory and the people a digest goes to (system).
    service: { needs: ['system', 'hr'] },
    remote: true,
  }),
  defineDomain({
    name: 'business',
    label: { vi: 'Kinh doanh', en: 'Business' },
    resources: businessResources,
    // Titles and departments of staff and units, positions (HR); the approver directory (system). Owner of the project
    // directory: every service with project-scoped records asks it (PROJECT_DIRECTORY).
    service: { needs: ['system', 'hr'] },
    remote: true,
  }),
  defineDomain({
    name: 'implementation',
    label: { vi: 'Triển khai dự án', en: 'Project implementation' },
    resources: implementationResources,
    // Titles and departments of staff and units (HR); the approver directory (system); the project directory and the
    // contractors (business).
    service: { needs: ['system', 'hr', 'business'] },
    remote: true,
  }),
  // Record owners: who may see what a file is attached to, and its department for the activity entry.
  defineDomain({ name: 'files', label: { vi: 'Tệp đính kèm', en: 'Files' }, service: { records: true } }),
  defineDomain({ name: 'notifications', label: { vi: 'Thông báo', en: 'Notifications' }, service: {} }),
]);

/** A domain's entry. */
export const domainDef = (d: Domain): DomainDef => DOMAIN_REGISTRY.find((e) => e.name === d)!;
/** What a user calls each domain (the gateway names it when its service is unavailable). */
export const DOMAIN_LABELS = Object.fromEntries(DOMAIN_REGISTRY.map((d) => [d.name, d.label])) as Record<Domain, Label>;
/** The domains with a service of their own, in the registry's order. */
export const SERVICE_DOMAINS: readonly DomainDef[] = DOMAIN_REGISTRY.filter((d) => d.service);
/** The domains with a front-end remote, in the registry's order. */
export const REMOTE_DOMAINS: readonly DomainDef[] = DOMAIN_REGISTRY.filter((d) => d.remote);
