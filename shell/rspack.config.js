const { createConfig } = require('@portal/build-config');

module.exports = (_env = {}, argv = {}) => createConfig({ name: 'shell', appDir: __dirname, kind: 'host', mode: argv.mode });
