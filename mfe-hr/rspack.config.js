const { createConfig } = require('@portal/build-config');

module.exports = (_env = {}, argv = {}) =>
  createConfig({ name: 'mfe_hr', appDir: __dirname, kind: 'remote', exposes: { './routes': './src/routes.tsx' }, mode: argv.mode });
