// Cross-checks the schemas against the freerct crate they describe (its generated modules and
// hand-written primitives): every Rust struct
// with #[pattern] has a schema type of the same name with the same tag and newest version, and each
// struct that a schema type names has the same fields in the same order (count fields included),
// with the same #[since]/#[until] gates as the schema's -savepoint-since/-until. The differential
// test only sees the versions real and synthetic files contain; this sees every gate.
// Exports crosscheck(schemas, rustSrcDir) -> list of problems.
'use strict';
const fs = require('fs');
const path = require('path');

function camel(id) {
  return id.split('_').map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('');
}

// Rust structs of one source file: name -> {pattern: {tag, newest}|null, fields: [{name, since, until}]}.
function rustStructs(text, file, out) {
  const re = /^pub struct (\w+)(?:<[^>{]*>)?\s*(?:where[^{]*)?\{\n([\s\S]*?)^\}/gm;
  let m;
  while ((m = re.exec(text)) !== null) {
    const [, name, body] = m;
    // The struct's attributes (possibly spanning lines) follow the blank line before it.
    const attrs = text.slice(text.lastIndexOf('\n\n', m.index), m.index);
    const p = /#\[pattern\(tag = b"(.{4})", newest = (\d+)\)\]/.exec(attrs);
    const fields = [];
    let since;
    let until;
    for (const line of body.split('\n').map((l) => l.trim())) {
      const s = /^#\[since\((\d+)\)\]$/.exec(line);
      const u = /^#\[until\((\d+)\)\]$/.exec(line);
      const f = /^(?:pub )?(\w+):(?!:)/.exec(line);
      if (s) since = Number(s[1]);
      else if (u) until = Number(u[1]);
      else if (f && !line.startsWith('//')) {
        fields.push({ name: f[1], since, until });
        since = undefined;
        until = undefined;
      }
    }
    out[name] = { file, pattern: p ? { tag: p[1], newest: Number(p[2]) } : null, fields };
  }
}

function crosscheck(schemas, rustSrcDir) {
  const rust = {};
  // The generated modules (src/generated, from these schemas) and the hand-written primitives.
  for (const dir of [rustSrcDir, path.join(rustSrcDir, 'generated')]) {
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.rs'))) {
      rustStructs(fs.readFileSync(path.join(dir, file), 'utf8'), path.relative(rustSrcDir, path.join(dir, file)), rust);
    }
  }
  const problems = [];
  const described = new Set();
  for (const [file, ksy] of Object.entries(schemas)) {
    const types = Object.entries(ksy.types || {});
    if (ksy.seq) types.push([ksy.meta.id, ksy]);
    for (const [id, spec] of types) {
      if (spec['-savepoint-rust-type'] || spec['-savepoint-bitfield'] || spec['-savepoint-enum']) continue;
      const name = spec['-savepoint-rust-name'] || camel(id);
      const where = `${file}: /types/${id} (${name})`;
      const r = rust[name];
      if (!r) {
        problems.push(`${where}: no Rust struct ${name} in ${rustSrcDir}`);
        continue;
      }
      described.add(name);
      const pattern = spec['-savepoint-pattern'];
      if (JSON.stringify(pattern || null) !== JSON.stringify(r.pattern)) {
        problems.push(`${where}: pattern ${JSON.stringify(pattern)} vs Rust ${JSON.stringify(r.pattern)} (${r.file})`);
      }
      const framing = pattern ? new Set(['opening_tag', 'version', 'closing_tag']) : new Set();
      const ours = (spec.seq || []).filter((f) => !framing.has(f.id)).map((f) => ({
        name: f.id, since: f['-savepoint-since'], until: f['-savepoint-until'],
      }));
      if (JSON.stringify(ours) !== JSON.stringify(r.fields)) {
        problems.push(`${where}: fields ${JSON.stringify(ours)}\n  vs Rust ${JSON.stringify(r.fields)} (${r.file})`);
      }
    }
  }
  for (const [name, r] of Object.entries(rust)) {
    if (r.pattern && !described.has(name)) problems.push(`${r.file}: pattern struct ${name} has no schema type`);
  }
  return problems;
}

module.exports = { crosscheck };
