"""Reads the header of every Satisfactory corpus save (FSaveHeader) and blueprint (FBlueprintHeader)
with the chunk headers after it (ChunkHeader), the objects of its body, and every blueprint config
whole, with the Python code the official Kaitai Struct compiler generated from these schemas, and
writes what it read as JSON in the shape of the Rust crate's serde form.

Usage: python3 kaitai_dump.py GENERATED_DIR CORPUS_DIR OUT_DIR

Writes OUT_DIR/<corpus path>.json for each file whose header parses (and, for a save or blueprint,
OUT_DIR/<corpus path>.chunks.json, the list of its chunk headers, <corpus path>.objects.json,
its objects: each one's TOC header and, in a save, its data blob entry's fields around the bytes,
or {"error": ..} for a body the walk cannot read, and <corpus path>.levels.json, each level's
fields after its blobs, when the walk read them) and OUT_DIR/status.tsv with one line per save,
blueprint and config of the manifest: path, then `ok` or `error: <exception>`. The body is the
chunks inflated with Python's zlib; a save's is read whole by body.ksy's generated `save_body`
(its levels, int64-sized blobs, headers, entries and tails), a blueprint's int32-sized blobs are
walked here as `src/blueprint.rs` reads them, its headers the generated `object_header`. The shaping is codegen/kaitai_dump_common.py's (by the extension
keys), plus the serde forms of the unreal crate's `FString` (null for length 0, the text, or
{"utf16": text} for a UTF-16 string) and `FGuid` (hyphenated hex), `TOptional` as its value alone,
a `-savepoint-enum` with a `serde-tag` as the tag beside the variant's fields, and fields with
-savepoint-serde-omit-absent left out when absent. A config (blueprint_config.ksy) is shaped by
`config` below as the crate's `BlueprintConfig`, whose description and `LastEditedBy` are enums of
what Kaitai reads as separate fields.
"""

import io
import json
import os
import re
import sys
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../codegen"))
from kaitai_dump_common import Shaper, dump_files  # noqa: E402


# Manifest kind -> (generated module, class) read from the start of such a file.
HEADERS = {
    "sav": ("header", "FSaveHeader"),
    "sbp": ("blueprint", "FBlueprintHeader"),
    "sbpcfg": ("blueprint_config", None),
}


class SatisfactoryShaper(Shaper):
    def struct(self, obj):
        spec = self.spec_of(obj)
        rust = spec.get("-savepoint-rust-type", "")
        if rust == "unreal::FString":
            if obj.length > 0:
                return obj.latin1
            if obj.length < 0:
                return {"utf16": obj.utf16}
            return None
        if rust == "unreal::FGuid":
            return "%08X-%04X-%04X-%04X-%04X%08X" % (
                obj.a, obj.b >> 16, obj.b & 0xFFFF, obj.c >> 16, obj.c & 0xFFFF, obj.d)
        if rust.startswith("crate::versions::TOptional<"):
            # The crate keeps the value alone: its flag is written from it.
            return {"value": self.value(getattr(obj, "value", None))}
        enum = spec.get("-savepoint-enum", {})
        if "serde-tag" in enum:
            # Internally tagged: the variant's name in snake_case beside its fields.
            tag = getattr(obj, enum["tag"])
            body = [f for f in spec["seq"] if f["id"] != enum["tag"]][0]
            variant = re.sub(r"(?<!^)([A-Z])", r"_\1", enum["variants"][str(tag)]).lower()
            return dict({enum["serde-tag"]: variant}, **self.struct(getattr(obj, body["id"])))
        out = super().struct(obj)
        for field in spec.get("seq", []):
            if field.get("-savepoint-serde-omit-absent") and isinstance(out, dict) and out.get(field["id"]) is None:
                out.pop(field["id"], None)
        return out

    def config(self, cfg):
        """The serde form of the crate's `BlueprintConfig`."""
        out = {
            "config_version": cfg.config_version,
            "blueprint_description": self.description(cfg.blueprint_description),
            "icon_id": cfg.icon_id,
            "color": self.value(cfg.color),
        }
        # Kaitai's Python sets no attribute for a field whose `if` is false.
        icon_library = getattr(cfg, "icon_library", None)
        bundles = getattr(cfg, "last_edited_by_bundles", None)
        if icon_library is not None:
            out["icon_library"] = self.value(icon_library)
        if bundles is not None:
            out["last_edited_by"] = {"bundles": self.value(bundles)}
        elif cfg.config_version >= 6:
            handle = getattr(cfg, "last_edited_by_handle", None)
            if handle is None:
                raise ValueError("no player info handle fits the %d bytes left" % (cfg._io.size() - cfg._io.pos()))
            form = "current" if hasattr(handle, "player_info_table_index") else "legacy"
            out["last_edited_by"] = {"player_info": {form: self.value(handle)}}
        else:
            out["last_edited_by"] = "none"
        # Absent from config version 6 on, where the crate holds it empty.
        out["trailing"] = getattr(cfg, "trailing", b"").hex()
        return out

    @staticmethod
    def description(d):
        # `length` is the int32 count's unsigned bits, `tail` the last character (see the schema).
        if not d.is_fstring:
            return {"unterminated": (d.head + d.tail).decode("utf-8")}
        if d.length == 0:
            return {"text": None}
        if d.length < 0x80000000:
            return {"text": d.head.decode("latin-1")}
        return {"text": {"utf16": d.head.decode("utf-16le")}}


def chunk_headers(stream, shaper):
    """Every chunk header (chunks.ksy) from the stream's position to its end, shaped, and the body:
    each chunk's compressed bytes inflated with Python's zlib, one after another."""
    from chunks import Chunks

    out, body = [], []
    while not stream.is_eof():
        header = Chunks.ChunkHeader(stream)
        body.append(zlib.decompress(stream.read_bytes(header.compressed_size)))
        out.append(shaper.struct(header))
    return out, b"".join(body)


def blob(stream):
    """A blueprint's TOC or data blob: its int32 length, then that many bytes, as a stream."""
    from kaitaistruct import KaitaiStream

    return KaitaiStream(io.BytesIO(stream.read_bytes(stream.read_s4le())))


def blob_objects(headers, entries, shaper):
    """The objects of a save's TOC and data blob: each one's header (objects.ksy's
    `object_header`) and data blob entry (body.ksy's `f_object_save_data`, shaped as the crate's
    `FObjectSaveData`: the fields around the bytes)."""
    if len(entries) != len(headers):
        raise ValueError("the data blob's object count differs from the TOC blob's")
    return [
        {"header": shaper.struct(h), "save_data": dict(shaper.struct(e.head), **shaper.struct(e.tail))}
        for h, e in zip(headers, entries)
    ]


def save_objects(body, save_version, shaper):
    """Every object of a save body (body.ksy's `save_body`, after its int64 size), the levels' in
    order, then the persistent level's (the crate's `SaveBody::objects`), each level's headers
    read in its own SaveVersion; and each level's `PerStreamingLevelTail`, shaped."""
    from kaitaistruct import KaitaiStream
    from body import Body

    stream = KaitaiStream(io.BytesIO(body))
    stream.read_s8le()
    parsed = Body.SaveBody(save_version, stream)
    out, tails = [], []
    for level in parsed.levels:
        tails.append(shaper.struct(level.tail))
        out += blob_objects(level.toc.headers, level.data_blob.entries, shaper)
    persistent = parsed.persistent
    return out + blob_objects(persistent.toc.headers, persistent.data_blob.entries, shaper), tails


def blueprint_objects(body, save_version, shaper):
    """Every object of a blueprint body (an int32 size, then int32-sized TOC and data blobs, framed
    here as `src/blueprint.rs` frames them: each data blob entry is the object's bytes alone), and
    its level tails: none, a blueprint has no levels."""
    from kaitaistruct import KaitaiStream
    from objects import Objects

    stream = KaitaiStream(io.BytesIO(body))
    stream.read_s4le()
    toc, data = blob(stream), blob(stream)
    count = toc.read_s4le()
    if data.read_s4le() != count:
        raise ValueError("the data blob's object count differs from the TOC blob's")
    out = []
    for _ in range(count):
        out.append({"header": shaper.struct(Objects.ObjectHeader(save_version, toc))})
        data.read_bytes(data.read_s4le())
    return out, []


def main():
    gen_dir, corpus_dir, out_dir = sys.argv[1:4]
    sys.path.insert(0, gen_dir)
    from kaitaistruct import KaitaiStream
    import importlib

    with open(os.path.join(gen_dir, "schemas.json"), encoding="utf-8") as f:
        shaper = SatisfactoryShaper(json.load(f))
    with open(os.path.join(corpus_dir, "MANIFEST.tsv"), encoding="utf-8") as f:
        rows = [line.rstrip("\n").split("\t") for line in f][1:]

    def read(path, kind):
        module, name = HEADERS[kind]
        top = getattr(importlib.import_module(module), "".join(p.capitalize() for p in module.split("_")))
        header_class = getattr(top, name) if name else top
        with open(os.path.join(corpus_dir, path), "rb") as f:
            stream = KaitaiStream(io.BytesIO(f.read()))
        parsed = header_class(stream)
        if name is None:
            return {".json": shaper.config(parsed)}
        chunks, body = chunk_headers(stream, shaper)
        walk = save_objects if kind == "sav" else blueprint_objects
        out = {".json": shaper.struct(parsed), ".chunks.json": chunks}
        try:
            out[".objects.json"], out[".levels.json"] = walk(body, parsed.save_version, shaper)
        except Exception as e:  # a body the walk cannot read is a result to compare
            out[".objects.json"] = {"error": "%s: %s" % (type(e).__name__, e)}
        return out

    files = [(row[0], lambda row=row: read(row[0], row[1])) for row in rows if row[1] in HEADERS]
    dump_files(out_dir, files)


if __name__ == "__main__":
    main()
