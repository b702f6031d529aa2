// Checks that the -savepoint-* extension keys of the FreeRCT schemas follow the rules in README.md, so
// a generator can rely on them: known keys only, pattern framing fields, version gates that agree with
// their plain Kaitai `if`, count fields that really count a later field, well-formed enums and bit
// fields. Exports lint(schemas) -> list of "file: yaml/path: problem" strings.
'use strict';

const TYPE_KEYS = new Set([
  '-savepoint-pattern', '-savepoint-versioned', '-savepoint-rust-type', '-savepoint-transparent',
  '-savepoint-bitfield', '-savepoint-enum', '-savepoint-max-depth', '-savepoint-rust-name',
  '-savepoint-max-depth-const', '-savepoint-version', '-savepoint-fixed-layout',
  '-savepoint-enum-ahead',
]);
const ROOT_KEYS = new Set([...TYPE_KEYS, '-savepoint-namespace']);
const FIELD_KEYS = new Set([
  '-savepoint-since', '-savepoint-until', '-savepoint-with-version', '-savepoint-count-of',
  '-savepoint-rust-type', '-savepoint-enum', '-savepoint-absent', '-savepoint-gate-const',
  '-savepoint-serde-omit-absent', '-savepoint-flag-of', '-savepoint-one-of', '-savepoint-serde-with',
  '-savepoint-parse-with',
]);

function reversed(tag) {
  return tag.split('').reverse().join('');
}

// The `if` a gated field must carry, with `v` the version expression.
function gateIf(v, since, until) {
  if (since !== undefined && until !== undefined) return `${v} >= ${since} and ${v} <= ${until}`;
  if (since !== undefined) return `${v} >= ${since}`;
  return `${v} <= ${until}`;
}

function sameKeys(a, b) {
  const ka = Object.keys(a).map(String).sort();
  const kb = Object.keys(b).map(String).sort();
  return JSON.stringify(ka) === JSON.stringify(kb);
}

function lintType(spec, where, problems, known = TYPE_KEYS) {
  const say = (path, msg) => problems.push(`${where}${path}: ${msg}`);
  for (const key of Object.keys(spec)) {
    if (key.startsWith('-') && !known.has(key)) say('', `unknown type key ${key}`);
  }
  const seq = spec.seq || [];
  const ids = seq.map((f) => f.id);
  const pattern = spec['-savepoint-pattern'];
  const versioned = spec['-savepoint-versioned'];
  if (pattern) {
    const { tag, newest } = pattern;
    if (typeof tag !== 'string' || tag.length !== 4) say('/-savepoint-pattern', 'tag must be 4 characters');
    const [open, version] = seq;
    const close = seq[seq.length - 1];
    if (!open || open.id !== 'opening_tag' || String(open.contents) !== tag) {
      say('/seq/0', `a pattern starts with opening_tag, contents ${tag}`);
    }
    if (!version || version.id !== 'version' || version.type !== 'u4' || !version.valid
        || version.valid.max !== newest || !(version.valid.min >= 1)) {
      say('/seq/1', `second field must be version: u4 with valid min >= 1, max ${newest}`);
    }
    if (!close || close.id !== 'closing_tag' || String(close.contents) !== reversed(String(tag))) {
      say(`/seq/${seq.length - 1}`, `a pattern ends with closing_tag, contents ${reversed(String(tag))}`);
    }
  }
  if (versioned === true) {
    const params = spec.params || [];
    if (params.length !== 1 || params[0].id !== 'version' || params[0].type !== 'u4') {
      say('/params', '-savepoint-versioned: true needs exactly params [{id: version, type: u4}]');
    }
  }
  const versionExpr = pattern || versioned === true ? 'version' : versioned;
  seq.forEach((field, i) => {
    const path = `/seq/${i}`;
    for (const key of Object.keys(field)) {
      if (key.startsWith('-') && !FIELD_KEYS.has(key)) say(path, `unknown field key ${key}`);
    }
    const since = field['-savepoint-since'];
    const until = field['-savepoint-until'];
    if (since !== undefined || until !== undefined) {
      if (!versionExpr) say(path, 'a version gate outside a pattern or versioned type');
      else if (field.if !== gateIf(versionExpr, since, until)) {
        say(path, `if must be "${gateIf(versionExpr, since, until)}", is "${field.if}"`);
      }
      if (since !== undefined && until !== undefined && since > until) say(path, 'since above until');
      if (pattern && since > pattern.newest) say(path, 'since above the newest version');
    }
    if (field['-savepoint-with-version'] && !/\(version\)$/.test(String(field.type))) {
      say(path, '-savepoint-with-version needs type: <id>(version)');
    }
    const counted = field['-savepoint-count-of'];
    if (counted !== undefined) {
      const j = ids.indexOf(counted);
      const target = seq[j];
      const counts = target && (target['repeat-expr'] === field.id || target.size === `${field.id} * 4`);
      if (j <= i || !counts) say(path, `-savepoint-count-of: ${counted} must name a later field counted by ${field.id}`);
      if (!/^[us][1248]$/.test(field.type)) say(path, 'a count is an integer field');
    }
    const oneOf = field['-savepoint-one-of'];
    if (oneOf !== undefined) {
      // The members are this field and the ones right after it, in order, each gated.
      const members = Object.keys((oneOf && oneOf.variants) || {});
      const inOrder = members.every((m, k) => ids[i + k] === m && seq[i + k].if !== undefined);
      if (!oneOf.id || !oneOf.name || !oneOf.else || members[0] !== field.id || !inOrder) {
        say(path, '-savepoint-one-of needs id, name, else and variants naming this gated field and the gated ones after it');
      }
    }
    const enumKey = field['-savepoint-enum'];
    if (enumKey !== undefined) {
      const cases = field.type && field.type.cases;
      if (!cases || !enumKey.name || !enumKey.variants || !sameKeys(cases, enumKey.variants)) {
        say(path, '-savepoint-enum needs name and variants with the same keys as the switch cases');
      }
    }
  });
  const ahead = spec['-savepoint-enum-ahead'];
  if (ahead !== undefined) {
    const instance = spec.instances && ahead.on && spec.instances[ahead.on];
    const variants = ahead.variants || {};
    if (!ahead.name || !instance || instance.value === undefined || !variants.true || !variants.false) {
      say('/-savepoint-enum-ahead', 'needs name, on (a value instance of the type) and variants true and false');
    }
  }
  const transparent = spec['-savepoint-transparent'];
  if (transparent !== undefined) {
    // The member is a field (any others count it) or a value instance computed from the fields.
    const others = seq.filter((f) => f.id !== transparent);
    const instance = spec.instances && spec.instances[transparent] && spec.instances[transparent].value !== undefined;
    if (!instance && (!ids.includes(transparent) || others.some((f) => f['-savepoint-count-of'] !== transparent))) {
      say('/-savepoint-transparent', `${transparent} must be a value instance, or a field and every other field its count`);
    }
  }
  if (spec['-savepoint-bitfield'] !== undefined) {
    let bits = 0;
    for (const f of seq) {
      const m = /^b(\d+)$/.exec(f.type);
      if (!m) say('/seq', `bit-field type with a non-bit field ${f.id}`);
      else bits += Number(m[1]);
    }
    if (bits !== 16 && bits !== 32) say('/seq', `bit fields fill ${bits} bits, expected 16 or 32`);
  }
  const typeEnum = spec['-savepoint-enum'];
  if (typeEnum !== undefined) {
    const body = seq[1];
    if (seq.length !== 2 || seq[0].id !== typeEnum.tag || !body.type || body.type['switch-on'] !== typeEnum.tag
        || !sameKeys(body.type.cases, typeEnum.variants || {})) {
      say('/-savepoint-enum', 'an enum type is its tag field, then one switch on it with a case per variant');
    }
  }
}

function lint(schemas) {
  const problems = [];
  for (const [file, ksy] of Object.entries(schemas)) {
    lintType(ksy, `${file}: `, problems, ROOT_KEYS);
    if (ksy['-savepoint-namespace'] !== undefined
        && (ksy['-savepoint-namespace'] !== true || ksy.seq || ksy.params || ksy.instances)) {
      problems.push(`${file}: -savepoint-namespace: true goes on a top level without seq, params or instances`);
    }
    if (ksy['-savepoint-namespace'] === undefined && !ksy.seq) {
      problems.push(`${file}: a top level without seq must say -savepoint-namespace: true`);
    }
    if (file.replace(/\.ksy$/, '') !== ksy.meta.id) {
      problems.push(`${file}: meta/id must be the file name (${ksy.meta.id})`);
    }
    for (const [id, spec] of Object.entries(ksy.types || {})) {
      lintType(spec, `${file}: /types/${id}`, problems);
    }
  }
  return problems;
}

module.exports = { lint };
