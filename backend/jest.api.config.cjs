const shared = require('./jest.shared.cjs');
module.exports = {
  ...shared,
  displayName: 'api',
  testMatch: ['<rootDir>/src/**/*.api.spec.ts', '<rootDir>/src/**/*.integration.spec.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  testTimeout: 60000,
  maxWorkers: 2,
};
