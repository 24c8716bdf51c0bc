import type { RouteObject } from 'react-router';
import { staff } from '@portal/contracts';
import { resourcePages } from '@portal/ui-kit';

/** Staff pages: list, form, and the detail page with the tabs of spec §2. */
export const staffPages = (base: string): RouteObject[] => resourcePages(staff, 'staff', `${base}/staff`);
