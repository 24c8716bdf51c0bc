/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
    // ES-module-only packages the code imports (listed below) are compiled to CommonJS for jest's module system.
    '^.+\\.js$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(eventsource-parser|openid-client|oauth4webapi|jose)/)'],
  // test/docker/ drills what only exists under a Docker engine (volumes): `npm run test:docker` runs it.
  // test/ops/ is one running distributed stack (the smoke, the rolling restart, a gateway's drain): `npm run test:docker`
  // runs it under Docker per commit; in-process `npm test` leaves it out (PORTAL_STACK=processes runs it
  // against the process stack).
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(process.env.PORTAL_STACK === 'docker' ? [] : ['<rootDir>/test/docker/']),
    ...(process.env.PORTAL_STACK ? [] : ['<rootDir>/test/ops/']),
  ],
  testMatch: [
    '<rootDir>/test/**/*.test.ts',
    '<rootDir>/packages/*/test/**/*.test.ts',
    '<rootDir>/services/*/test/**/*.test.ts',
    '<rootDir>/gateway/test/**/*.test.ts',
  ],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  testSequencer: '<rootDir>/test/support/sequencer.js',
  testTimeout: 60000,
  // Test files run side by side, each on a stack of its own (one PostgreSQL for the run): TEST_WORKERS (default 2, the
  // machine's cores) sets how many at once; `npm test -- --runInBand` runs them one after another.
  maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
};
