import { emptyModule } from '@portal/ui-kit';
import { menu } from './menu';

/** Project implementation: its screens come with the domain's issue; until then each entry shows the empty state. */
export default emptyModule({ vi: 'Triển khai dự án', en: 'Project implementation' }, menu);
