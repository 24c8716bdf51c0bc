import { emptyModule } from '@portal/ui-kit';
import { menu } from './menu';

/** Administration: its screens come with the domain's issue; until then each entry shows the empty state. */
export default emptyModule({ vi: 'Hành chính', en: 'Administration' }, menu);
