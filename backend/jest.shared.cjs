/** Jest runs the ESM build of our TypeScript through swc (decorator metadata on, as in the app). */
module.exports = {
  // The node environment, failing a file that leaves a server, socket, pool or timer open.
  testEnvironment: '<rootDir>/test/leak-checking-environment.cjs',
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
