const { createConfig } = require('@portal/build-config');

module.exports = (env = {}, argv = {}) => createConfig({ name: 'shell', appDir: __dirname, kind: 'host',  mode: argv.mode });
