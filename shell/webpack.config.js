const { createConfig } = require('@portal/webpack-config');

module.exports = (env = {}, argv = {}) => createConfig({ name: 'shell', appDir: __dirname, kind: 'host',  mode: argv.mode });
