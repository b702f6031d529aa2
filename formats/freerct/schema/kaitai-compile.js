// Checks the extension keys (kaitai-lint.js) and, given the Rust sources, that the schemas agree with
// the freerct crate's patterns, fields and version gates (kaitai-crosscheck.js); then compiles every
// .ksy with the official Kaitai Struct compiler (npm package kaitai-struct-compiler) to Python and
// writes the schemas as JSON beside the Python modules (the dumper reads the extension keys from it).
// Usage: node kaitai-compile.js SCHEMA_DIR OUT_DIR [RUST_SRC_DIR]
'use strict';
const fs = require('fs');
const path = require('path');
const yaml = require('js-yaml');
const compiler = require('kaitai-struct-compiler');
const { lint } = require('./kaitai-lint.js');
const { crosscheck } = require('./kaitai-crosscheck.js');

const [schemaDir, outDir, rustSrcDir] = process.argv.slice(2);
if (!schemaDir || !outDir) {
  console.error('usage: node kaitai-compile.js SCHEMA_DIR OUT_DIR [RUST_SRC_DIR]');
  process.exit(2);
}

function load(name) {
  const file = path.join(schemaDir, name.endsWith('.ksy') ? name : name + '.ksy');
  return yaml.load(fs.readFileSync(file, 'utf8'));
}

const importer = {
  importYaml: (name) => Promise.resolve(load(path.basename(name))),
};

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const schemas = fs.readdirSync(schemaDir).filter((f) => f.endsWith('.ksy')).sort();
  const all = {};
  const byFile = {};
  let failed = false;
  for (const file of schemas) {
    byFile[file] = load(file);
  }
  const problems = lint(byFile);
  if (rustSrcDir) problems.push(...crosscheck(byFile, rustSrcDir));
  for (const problem of problems) {
    failed = true;
    console.error(problem);
  }
  for (const file of schemas) {
    const ksy = byFile[file];
    all[ksy.meta.id] = ksy;
    try {
      const out = await compiler.compile('python', ksy, importer, false);
      for (const [name, text] of Object.entries(out)) {
        fs.writeFileSync(path.join(outDir, name), text);
      }
    } catch (err) {
      failed = true;
      console.error(`${file}: ${err && err.message ? err.message : JSON.stringify(err)}`);
    }
  }
  fs.writeFileSync(path.join(outDir, 'schemas.json'), JSON.stringify(all));
  console.log(`kaitai-struct-compiler ${compiler.version}: ${schemas.length} schemas, ${failed ? 'FAILED' : 'ok'}`);
  process.exit(failed ? 1 : 0);
}

main();
