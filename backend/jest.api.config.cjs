const shared = require('./jest.shared.cjs');
module.exports = {
  ...shared,
  displayName: 'api',
  testMatch: ['<rootDir>/src/**/*.api.spec.ts', '<rootDir>/src/**/*.integration.spec.ts'],
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  testTimeout: 60000,
  maxWorkers: 2,
  // A worker keeps every module and transform it loaded (VM modules leak): over the whole suite one
  // grew past its 4 GB heap and crashed. Jest restarts a worker between files beyond this.
  workerIdleMemoryLimit: '1500MB',
};
