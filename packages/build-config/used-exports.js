/**
 * The named imports of a package across every front-end source folder of the portal. The shell builds its
 * tree-shaken shared copy of antd (and the routers, react-query, react-i18next) with exactly these exports,
 * so a remote can never ask for one the shell left out: the list is computed, never kept by hand.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const SOURCE_DIRS = () => [
  path.join(ROOT, 'packages', 'ui-kit', 'src'),
  path.join(ROOT, 'shell', 'src'),
  ...fs
    .readdirSync(ROOT)
    .filter((d) => d.startsWith('mfe-'))
    .map((d) => path.join(ROOT, d, 'src')),
];

function files(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.(tsx?|jsx?)$/.test(e.name) ? [p] : [];
  });
}

/** @returns {Record<string, string[]>} package → sorted export names */
function usedExports(packages) {
  const found = Object.fromEntries(packages.map((p) => [p, new Set()]));
  const re = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/g;
  for (const file of SOURCE_DIRS().flatMap(files)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(re)) {
      if (m[1] || !found[m[3]]) continue;
      for (const part of m[2].split(',')) {
        const name = part.trim();
        if (!name || name.startsWith('type ')) continue;
        found[m[3]].add(name.split(/\s+as\s+/)[0].trim());
      }
    }
  }
  return Object.fromEntries(Object.entries(found).map(([k, v]) => [k, [...v].sort()]));
}

module.exports = { usedExports };
