import { role } from './role';
import { user } from './user';
import { decentralization } from './decentralization';
import { delegation } from './delegation';
import { bookmark } from './bookmark';

export { role, user, decentralization, delegation, bookmark };
/** The system's resources: roles, accounts, their decentralization, approval delegations, bookmarks. */
export const systemResources = [role, user, decentralization, delegation, bookmark];
