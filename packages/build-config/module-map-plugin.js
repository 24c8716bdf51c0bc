/**
 * Writes dist/module-map.json: for every emitted JS file, the node_modules files it contains, and the files of the
 * workspace's packages as `@portal/<package>/<path>` (packages/contracts/src/kit/field.ts: `@portal/contracts/src/kit/field.ts`).
 * The budget script (bench/frontend-budgets.ts) uses it to count how many copies of react, react-dom, antd and dayjs a
 * page really loaded; the packages' files show which fetched files hold the shared kit and contracts.
 */
const PACKAGES = `${require('node:path').join(__dirname, '..')}/`;

class ModuleMapPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ModuleMapPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ModuleMapPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const map = {};
        for (const chunk of compilation.chunks) {
          const mods = [];
          for (const m of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
            const inner = m.modules ?? [m];
            for (const x of inner) {
              const r = x.resource ?? '';
              const i = r.lastIndexOf('/node_modules/');
              if (i >= 0) mods.push(r.slice(i + 14));
              else if (r.startsWith(PACKAGES)) mods.push(`@portal/${r.slice(PACKAGES.length)}`);
            }
          }
          for (const f of chunk.files) if (f.endsWith('.js')) map[f] = mods.sort();
        }
        compilation.emitAsset('module-map.json', new compiler.webpack.sources.RawSource(JSON.stringify(map)));
        // npm start rebuilds a dist that `npm run dev` left in development mode.
        compilation.emitAsset('build-mode.txt', new compiler.webpack.sources.RawSource(compiler.options.mode ?? 'production'));
      });
    });
  }
}
module.exports = { ModuleMapPlugin };
