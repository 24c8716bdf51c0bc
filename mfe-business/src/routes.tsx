import { emptyModule } from '@portal/ui-kit';
import { menu } from './menu';

/** Business: its screens come with the domain's issue; until then each entry shows the empty state. */
export default emptyModule({ vi: 'Kinh doanh', en: 'Business' }, menu);
