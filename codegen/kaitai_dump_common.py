"""The part of the format crates' Kaitai differential tests (formats/*/schema/kaitai_dump.py) that
is not about one format: `Shaper`, which turns what the official compiler's Python code read into
the JSON shape of the Rust crate's serde form by the schema's extension keys (pattern tags and count
fields left out, transparent types become their one field, bit-field types their integer, enums
{"Variant": value}), and `dump_files`, which reads each file, writes what it read and a status line.
"""

import json
import multiprocessing
import os


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


def dump_files(out_dir, files):
    """Writes, for each (path, read) of `files`, OUT_DIR/<path><suffix> for each (suffix, tree) that
    read() returns, and OUT_DIR/status.tsv with one line per file: path, then `ok` or
    `error: <exception>` when read() raised. The files are read by one forked process per core:
    the Python runtime is slow on the large saves, and the files are independent."""
    global _FILES
    os.makedirs(out_dir, exist_ok=True)
    _FILES = (out_dir, files)
    with multiprocessing.get_context("fork").Pool(os.cpu_count()) as pool:
        status = list(pool.imap(_dump_one, range(len(files))))
    with open(os.path.join(out_dir, "status.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(status) + "\n")
    print("kaitai_dump: %d files, %d parsed" % (len(status), sum(s.endswith("\tok") for s in status)))


# What dump_files hands its forked workers: their read() closures cannot be pickled, so the
# workers find them here, inherited through fork, by index.
_FILES = None


def _dump_one(index):
    """Reads file number `index` of `_FILES`, writes its trees, and returns its status line."""
    out_dir, files = _FILES
    path, read = files[index]
    try:
        trees = read()
    except Exception as e:  # every parse failure is a result to compare, not a crash
        return "%s\terror: %s: %s" % (path, type(e).__name__, str(e).replace("\n", " "))
    for suffix, tree in trees.items():
        target = os.path.join(out_dir, path + suffix)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as f:
            json.dump(tree, f, ensure_ascii=False)
    return "%s\tok" % path
