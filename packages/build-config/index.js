/**
 * The one build configuration of the front end (Rspack: webpack's API, built in Rust; ten times faster than
 * webpack here, bench/README.md "Front-end build"): the shell (host) and every remote are built from it, so their
 * shared singletons are declared identically (ARCHITECTURE §7). Module Federation 2 through
 * @module-federation/enhanced/rspack, with the shared singletons and tree-shaking of shared.js.
 */
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { sharedFor } = require('./shared');
const { ModuleMapPlugin } = require('./module-map-plugin');

/**
 * The federation runtime in its ES-module build (Rspack's plugin picks the CommonJS one, which does not tree-shake:
 * each remoteEntry.js was 32 KB gzip, over the 30 KB budget; 25 KB this way, as with webpack).
 */
const esmRuntime = {
  implementation: require.resolve('@module-federation/runtime-tools/dist/bundler.js'),
  runtime: require.resolve('@module-federation/runtime/dist/index.js', {
    paths: [path.dirname(require.resolve('@module-federation/runtime-tools/package.json'))],
  }),
};
class EsmFederationRuntimePlugin {
  apply(compiler) {
    compiler.hooks.afterPlugins.tap('EsmFederationRuntimePlugin', () => {
      compiler.options.resolve.alias = { ...compiler.options.resolve.alias, '@module-federation/runtime$': esmRuntime.runtime };
    });
  }
}

const swcRule = {
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  loader: 'builtin:swc-loader',
  options: {
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2020' },
  },
  type: 'javascript/auto',
};

/**
 * @param {{ name: string, appDir: string, kind: 'host' | 'remote', exposes?: Record<string, string>, mode?: 'production' | 'development' }} o
 */
function createConfig(o) {
  const mode = o.mode ?? 'production';
  const isHost = o.kind === 'host';
  return {
    mode,
    context: o.appDir,
    entry: isHost ? './src/index.ts' : {},
    devtool: mode === 'production' ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.join(o.appDir, 'dist'),
      publicPath: isHost ? '/' : 'auto',
      uniqueName: o.name,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: { keep: 'independent-packages' },
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], conditionNames: ['browser', 'import', 'module', 'default'] },
    module: { rules: [swcRule, { test: /\.css$/, use: ['style-loader', 'css-loader'], type: 'javascript/auto' }] },
    performance: { hints: false },
    stats: 'errors-warnings',
    optimization: { moduleIds: 'deterministic' },
    plugins: [
      new ModuleFederationPlugin({
        name: o.name,
        filename: isHost ? undefined : 'remoteEntry.js',
        exposes: o.exposes,
        remotes: {},
        shared: sharedFor(o.kind),
        // A shared module first asked for after the remotes are registered (the screens' antd and kit, loaded with
        // the first remote opened) is taken from what is registered — the shell's, registered first and never
        // replaced — instead of first loading every remote's remoteEntry.js to compare versions ("version-first").
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
        experiments: { optimization: { disableSnapshot: true, target: 'web' } },
        implementation: esmRuntime.implementation,
      }),
      new EsmFederationRuntimePlugin(),
      new ModuleMapPlugin(),
      ...(isHost ? [new rspack.HtmlRspackPlugin({ template: path.join(o.appDir, 'public/index.html') })] : []),
    ],
  };
}

module.exports = { createConfig };
