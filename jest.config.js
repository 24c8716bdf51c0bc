/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }] },
  testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/packages/*/test/**/*.test.ts', '<rootDir>/services/*/test/**/*.test.ts', '<rootDir>/gateway/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  testTimeout: 60000,
  maxWorkers: 1,
};
