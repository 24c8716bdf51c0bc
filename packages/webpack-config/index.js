/**
 * The one webpack configuration of the front end: the shell (host) and every remote are built from it, so
 * their shared singletons are declared identically (ARCHITECTURE §7).
 */
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedFor } = require('./shared');
const { ModuleMapPlugin } = require('./module-map-plugin');

const swcRule = {
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2020' },
    },
  },
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
      // Shared tree-shaking writes its fallback builds here before emit: keep them.
      clean: { keep: /^independent-packages\// },
      // Always write, so file times tell npm start whether a build is fresh.
      compareBeforeEmit: false,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: { rules: [swcRule, { test: /\.css$/, use: ['style-loader', 'css-loader'] }] },
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
        dts: false,
        manifest: false,
        experiments: { optimization: { disableSnapshot: true, target: 'web' } },
      }),
      new ModuleMapPlugin(),
      ...(isHost ? [new HtmlWebpackPlugin({ template: path.join(o.appDir, 'public/index.html') })] : []),
    ],
  };
}

module.exports = { createConfig };
