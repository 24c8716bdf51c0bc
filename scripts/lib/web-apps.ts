import { REMOTE_DOMAINS, type Label } from '@portal/contracts';

/** The front-end apps: the shell, and each remote of the domain registry (`mfe-<domain>/`) with where the shell mounts it. */
export const WEB_APPS: { dir: string; name: string; module?: string; basePath?: string; label?: Label }[] = [
  { dir: 'shell', name: 'shell' },
  ...REMOTE_DOMAINS.map((d) => ({ dir: `mfe-${d.name}`, name: `mfe_${d.name}`, module: d.name, basePath: `/${d.name}`, label: d.label })),
];
