// Every path suite run starts a new app (mutation/runner/pathsApp.ts), and most of the time that takes goes to
// Fastify compiling the same route schemas again: Ajv validators and fast-json-stringify serializers. They are
// pure functions of the schema (and of the compiler's options and shared schemas), so within one worker process
// each is compiled once and handed to every later app that asks for the same one. A schema that changes (a static
// mutant in a rule a schema is built from) has another key and is compiled afresh.
import { createRequire } from 'node:module';
import path from 'node:path';

/** A value's JSON, functions by their source and a repeated object by a mark (Ajv's options hold cycles). */
function key(value) {
  const seen = new WeakSet();
  return JSON.stringify(value, (_, v) => {
    if (typeof v === 'function') return `fn:${v.name}:${v.toString()}`;
    if (v && typeof v === 'object') {
      if (seen.has(v)) return '[seen]';
      seen.add(v);
    }
    return v;
  });
}

/** Patches the copies Fastify itself loads, before it loads them (call before anything imports the server). */
export function cacheSchemaCompilers(root) {
  const fromRoot = createRequire(path.join(root, 'package.json'));
  const fromFastify = createRequire(fromRoot.resolve('fastify'));

  // Serializers: fast-json-stringify's entry point, as @fastify/fast-json-stringify-compiler requires it.
  const fromSerializerCompiler = createRequire(fromFastify.resolve('@fastify/fast-json-stringify-compiler'));
  const fjsPath = fromSerializerCompiler.resolve('fast-json-stringify');
  const build = fromSerializerCompiler(fjsPath);
  if (!build.rumboCached) {
    const serializers = new Map();
    const cached = Object.assign(function cachedBuild(schema, options) {
      const id = key([schema, options]);
      let serializer = serializers.get(id);
      if (!serializer) {
        serializer = build(schema, options);
        serializers.set(id, serializer);
      }
      return serializer;
    }, build, { rumboCached: true });
    fromSerializerCompiler.cache[fjsPath].exports = cached;
  }

  // Validators: @fastify/ajv-compiler's per-app compiler, keyed by its Ajv's options and shared schemas.
  const ValidatorCompiler = fromFastify('@fastify/ajv-compiler/lib/validator-compiler');
  const proto = ValidatorCompiler.prototype;
  if (!proto.rumboCached) {
    const validators = new Map();
    const instanceKeys = new WeakMap();
    const original = proto.buildValidatorFunction;
    proto.buildValidatorFunction = function cachedValidator(route) {
      let instance = instanceKeys.get(this);
      if (!instance) {
        const shared = Object.entries(this.ajv.schemas)
          .filter(([, env]) => !String(env?.schema?.$id ?? '').startsWith('http://json-schema.org/'))
          .map(([id, env]) => [id, env.schema]);
        instance = key([this.ajv.opts, shared]);
        instanceKeys.set(this, instance);
      }
      const id = `${instance}|${key(route.schema)}`;
      let validator = validators.get(id);
      if (!validator) {
        validator = original.call(this, route);
        validators.set(id, validator);
      }
      return validator;
    };
    proto.rumboCached = true;
  }
}
