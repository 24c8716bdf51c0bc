import type { Label } from '@portal/contracts';

/** The front-end apps: the shell and the remotes with where the shell mounts them. */
export const WEB_APPS: { dir: string; name: string; module?: string; basePath?: string; label?: Label }[] = [
  { dir: 'shell', name: 'shell' },
  { dir: 'mfe-hr', name: 'mfe_hr', module: 'hr', basePath: '/hr', label: { vi: 'Nhân sự', en: 'Human resources' } },
  { dir: 'mfe-admin', name: 'mfe_admin', module: 'admin', basePath: '/admin', label: { vi: 'Hành chính', en: 'Administration' } },
  { dir: 'mfe-assets', name: 'mfe_assets', module: 'assets', basePath: '/assets', label: { vi: 'Tài sản', en: 'Assets' } },
  { dir: 'mfe-business', name: 'mfe_business', module: 'business', basePath: '/business', label: { vi: 'Kinh doanh', en: 'Business' } },
  {
    dir: 'mfe-implementation',
    name: 'mfe_implementation',
    module: 'implementation',
    basePath: '/implementation',
    label: { vi: 'Triển khai dự án', en: 'Project implementation' },
  },
];
