import type { Label } from '@portal/contracts';
import { ModuleEmpty } from './layout/ModuleEmpty';
import type { MenuEntry, RemoteModule } from './remote';

/** A remote whose screens are still to come: its menu entries, each leading to the empty-state page. */
export function emptyModule(name: Label, menu: MenuEntry[]): RemoteModule {
  return {
    menu,
    routes: [
      { index: true, element: <ModuleEmpty name={name} /> },
      ...menu.map((m) => ({ path: m.path.replace(/^\//, ''), element: <ModuleEmpty name={m.label} /> })),
    ],
  };
}
