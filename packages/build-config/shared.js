/**
 * Shared singletons (ARCHITECTURE §7): exactly one copy of each may load, and the shell provides them all.
 *
 * - antd, react-router (both entry points), react-query and react-i18next are shared tree-shaken
 *   (`treeShaking: runtime-infer`) with the union of the exports every app imports (used-exports.js):
 *   antd shared whole is ~444 KB gzip, tree-shaken ~240 KB.
 * - @ant-design/icons is not shared: shared whole it is the entire icon set (~189 KB gzip); each app bundles
 *   only the icons it imports (icons hold no state).
 * - Shell and remotes declare the same config. (Measured: remotes consuming with `import: false` make the
 *   runtime fetch the full fallback builds of every tree-shaken package — 1.2 MB gzip at start.)
 * - The shell's first page consumes neither the shared antd nor the whole kit: it takes the kit's frame part
 *   (`@portal/ui-kit/src/frame`, a singleton of its own) and its antd components by their own paths
 *   (shell/src/app/antd.ts), the same modules of the same build as the shared antd the shell provides. The shared
 *   antd and kit load with the first screen that uses them (bench/README.md "Front-end budgets").
 * - Likewise the contracts: the first page takes their zod-free part (`@portal/contracts/src/frame`, a singleton of its
 *   own); the full contracts, with zod and the schemas, load with the first screen that uses them.
 */
const uiKit = require('../ui-kit/package.json');
const { usedExports } = require('./used-exports');

const v = (name) => uiKit.dependencies[name];
const TREE_SHAKEN = ['antd', 'react-router', 'react-router/dom', '@tanstack/react-query', 'react-i18next'];

function sharedFor(_kind) {
  const used = usedExports(TREE_SHAKEN);
  const single = (version, extra = {}) => ({ singleton: true, requiredVersion: version, ...extra });
  const shaken = (pkg, version) => single(version, { treeShaking: { mode: 'runtime-infer', usedExports: used[pkg] } });
  return {
    react: single(v('react')),
    'react/jsx-runtime': single(v('react')),
    'react-dom': single(v('react-dom')),
    'react-dom/client': single(v('react-dom')),
    'react-router': shaken('react-router', v('react-router')),
    'react-router/dom': shaken('react-router/dom', v('react-router')),
    antd: shaken('antd', v('antd')),
    '@tanstack/react-query': shaken('@tanstack/react-query', v('@tanstack/react-query')),
    zustand: single(v('zustand')),
    'zustand/middleware': single(v('zustand')),
    i18next: single(v('i18next')),
    'react-i18next': shaken('react-i18next', v('react-i18next')),
    dayjs: single(v('dayjs')),
    '@portal/ui-kit': single('0.1.0', { version: '0.1.0' }),
    // The kit's frame part (ui-kit/src/frame.ts; the whole kit re-exports it): all the shell's first page takes from the kit.
    '@portal/ui-kit/src/frame': single('0.1.0', { version: '0.1.0' }),
    '@portal/contracts': single('0.1.0', { version: '0.1.0' }),
    // The contracts without zod (contracts/src/frame.ts; the full contracts re-export it): all the shell's first page takes from them.
    '@portal/contracts/src/frame': single('0.1.0', { version: '0.1.0' }),
  };
}

module.exports = { sharedFor, TREE_SHAKEN };
