"""Parses every FreeRCT corpus file with the Python code the official Kaitai Struct compiler generated
from these schemas, and writes what it read as JSON in the shape of the Rust crate's serde form.

Usage: python3 kaitai_dump.py GENERATED_DIR CORPUS_DIR OUT_DIR [SYNTHETIC_DIR]

Writes OUT_DIR/<corpus path>.json for each file that parses and OUT_DIR/status.tsv with one line per
manifest row (and one per SYNTHETIC_DIR/*.fct, as synthetic/<name>): path, then `ok` or
`error: <exception>`. The schema's extension keys (README.md) say
how a Kaitai object becomes that JSON: pattern tags and count fields are left out, transparent types
become their one field, bit-field types become their integer, enums become {"Variant": value}.
"""

import io
import json
import os
import sys


def camel(name):
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


class Shaper:
    def __init__(self, schemas):
        # Python class name (Module.Type or Module for a top level) -> Kaitai type spec.
        self.types = {}
        for module_id, ksy in schemas.items():
            self.types[camel(module_id)] = ksy
            for type_id, spec in ksy.get("types", {}).items():
                self.types[camel(module_id) + "." + camel(type_id)] = spec

    def spec_of(self, obj):
        name = type(obj).__qualname__
        spec = self.types.get(name)
        if spec is None:
            raise KeyError("no schema type for Python class " + name)
        return spec

    def value(self, v):
        if isinstance(v, list):
            return [self.value(x) for x in v]
        if hasattr(v, "_io"):
            return self.struct(v)
        if isinstance(v, (bytes, bytearray)):
            return list(v)
        return v

    def struct(self, obj):
        spec = self.spec_of(obj)
        seq = spec.get("seq", [])
        if "-savepoint-bitfield" in spec:
            word, shift = 0, 0
            for field in seq:
                word |= getattr(obj, field["id"]) << shift
                shift += int(field["type"][1:])
            return word
        if "-savepoint-transparent" in spec:
            return self.value(getattr(obj, spec["-savepoint-transparent"]))
        enum = spec.get("-savepoint-enum")
        if enum is not None:
            tag = getattr(obj, enum["tag"])
            body = [f for f in seq if f["id"] != enum["tag"]][0]
            return {enum["variants"][str(tag)]: self.value(getattr(obj, body["id"]))}
        pattern = "-savepoint-pattern" in spec
        out = {}
        for field in seq:
            fid = field["id"]
            if pattern and fid in ("opening_tag", "closing_tag"):
                continue
            if "-savepoint-count-of" in field:
                continue
            v = self.value(getattr(obj, fid, None))
            enum = field.get("-savepoint-enum")
            if enum is not None:
                selector = getattr(obj, field["type"]["switch-on"])
                v = {enum["variants"][str(selector)]: v}
            out[fid] = v
        return out


def main():
    gen_dir, corpus_dir, out_dir = sys.argv[1:4]
    synthetic_dir = sys.argv[4] if len(sys.argv) > 4 else None
    os.makedirs(out_dir, exist_ok=True)
    sys.path.insert(0, gen_dir)
    # random.py (the Random block) shadows the standard library module of that name, which the
    # interpreter may have imported already: the generated modules must see ours.
    for name in os.listdir(gen_dir):
        if name.endswith(".py"):
            sys.modules.pop(name[:-3], None)
    from kaitaistruct import KaitaiStream
    import savegame

    with open(os.path.join(gen_dir, "schemas.json"), encoding="utf-8") as f:
        shaper = Shaper(json.load(f))
    with open(os.path.join(corpus_dir, "MANIFEST.tsv"), encoding="utf-8") as f:
        files = [(line.split("\t")[0], os.path.join(corpus_dir, line.split("\t")[0])) for line in f][1:]
    if synthetic_dir:
        for name in sorted(os.listdir(synthetic_dir)):
            files.append(("synthetic/" + name, os.path.join(synthetic_dir, name)))
    status = []
    for path, source in files:
        with open(source, "rb") as f:
            data = f.read()
        try:
            stream = KaitaiStream(io.BytesIO(data))
            save = savegame.Savegame(stream)
            if not stream.is_eof():
                end = stream.pos()
                raise ValueError("%d bytes after the Random block at %d" % (len(data) - end, end))
        except Exception as e:  # every parse failure is a result to compare, not a crash
            status.append("%s\terror: %s: %s" % (path, type(e).__name__, str(e).replace("\n", " ")))
            continue
        tree = shaper.struct(save)
        target = os.path.join(out_dir, path + ".json")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as f:
            json.dump(tree, f, ensure_ascii=False)
        status.append("%s\tok" % path)
    with open(os.path.join(out_dir, "status.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(status) + "\n")
    print("kaitai_dump: %d files, %d parsed" % (len(status), sum(s.endswith("\tok") for s in status)))


if __name__ == "__main__":
    main()
