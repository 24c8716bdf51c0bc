// The async boundary: shared modules are negotiated before the app's code runs (Module Federation).
import('./bootstrap');
