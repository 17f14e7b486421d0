/** Jest runs the ESM build of our TypeScript through swc (decorator metadata on, as in the app). */
module.exports = {
  // The node environment, failing a file that leaves a server, socket, pool or timer open.
  testEnvironment: '<rootDir>/test/leak-checking-environment.cjs',
  // A worker asked to stop exits once its event loop is empty; Jest kills it after 500 ms and blames
  // a leak, which on two busy cores is often just the wait to be scheduled. Leaks are caught per file
  // by the environment above; a worker still alive after 5 s is killed with the same warning.
  workerGracefulExitTimeout: 5000,
  rootDir: __dirname,
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        swcrc: false,
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          target: 'es2023',
          keepClassNames: true,
        },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};
