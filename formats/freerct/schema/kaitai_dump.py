"""Parses every FreeRCT corpus file with the Python code the official Kaitai Struct compiler generated
from these schemas, and writes what it read as JSON in the shape of the Rust crate's serde form.

Usage: python3 kaitai_dump.py GENERATED_DIR CORPUS_DIR OUT_DIR [SYNTHETIC_DIR]

Writes OUT_DIR/<corpus path>.json for each file that parses and OUT_DIR/status.tsv with one line per
manifest row (and one per SYNTHETIC_DIR/*.fct, as synthetic/<name>): path, then `ok` or
`error: <exception>`. The shaping and the file loop are codegen/kaitai_dump_common.py's.
"""

import io
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../codegen"))
from kaitai_dump_common import Shaper, dump_files  # noqa: E402


def main():
    gen_dir, corpus_dir, out_dir = sys.argv[1:4]
    synthetic_dir = sys.argv[4] if len(sys.argv) > 4 else None
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

    def read(source):
        with open(source, "rb") as f:
            data = f.read()
        stream = KaitaiStream(io.BytesIO(data))
        save = savegame.Savegame(stream)
        if not stream.is_eof():
            end = stream.pos()
            raise ValueError("%d bytes after the Random block at %d" % (len(data) - end, end))
        return {".json": shaper.struct(save)}

    dump_files(out_dir, [(path, lambda source=source: read(source)) for path, source in files])


if __name__ == "__main__":
    main()
