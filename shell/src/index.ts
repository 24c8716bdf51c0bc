import { startManifestRequest } from './remotes/early';

// The manifest travels while the shared modules and the app's chunks download (remotes/early.ts).
startManifestRequest();
// The async boundary: shared modules are negotiated before the app's code runs (Module Federation).
import('./bootstrap');
