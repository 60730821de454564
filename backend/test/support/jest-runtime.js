// Jest's own runtime, except for the ESM-only packages the backend uses: Jest (with
// --experimental-vm-modules, which PGlite needs) refuses to require them, while Node 20.19+ and 22.12+
// do (require(esm)). They are compiled to CommonJS by the same swc transform (transformIgnorePatterns
// in jest.config.js) and required like the sources. Gone once the backend itself is ESM (Nest 12).
const Runtime = require('jest-runtime').default;

const REQUIRED_AS_COMMONJS =
  /[\\/]node_modules[\\/](@nestjs[\\/]passport|openid-client|oauth4webapi|jose)[\\/]/;

class RuntimeRequiringEsm extends Runtime {
  unstable_shouldLoadAsEsm(path) {
    return REQUIRED_AS_COMMONJS.test(path) ? false : super.unstable_shouldLoadAsEsm(path);
  }
}

module.exports = RuntimeRequiringEsm;
