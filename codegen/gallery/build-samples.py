#!/usr/bin/env python3
"""Builds one sample file per gallery format into target/gallery/samples/ from fixed inputs,
with python3's standard library (zlib, gzip, zipfile, wave, aifc, sunau, sqlite3, pickle,
struct for the formats whose writers are a header and a payload) and the system tools named in
TOOLS (gcc, javac, msgfmt, git, mke2fs, mkfs.fat, sfdisk, mksquashfs, cpio, lzip, compress,
qemu-img, openssl). It fetches nothing. A format whose tool is missing is skipped with a note
on stderr; `run.py` then reports it as `no sample`.

Usage: codegen/gallery/build-samples.py [OUT_DIR]   (default: target/gallery/samples)
"""

import gzip
import os
import pickle
import shutil
import sqlite3
import struct
import subprocess
import sys
import tempfile
import warnings
import wave
import zipfile
import zlib

warnings.filterwarnings("ignore", category=DeprecationWarning)
import aifc  # noqa: E402  (deprecated since 3.11, still in the standard library)
import sunau  # noqa: E402

TEXT = b"The quick brown fox jumps over the lazy dog.\n" * 4
# Fixed times and ids, so two runs build the same bytes where the tool allows it.
EPOCH = 1700000000
ENV = dict(os.environ, SOURCE_DATE_EPOCH=str(EPOCH), E2FSPROGS_FAKE_TIME=str(EPOCH), TZ="UTC")


def run(*cmd, cwd=None, stdin=None):
    return subprocess.run(cmd, cwd=cwd, env=ENV, check=True, input=stdin,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE).stdout


def tool(name):
    if shutil.which(name) is None:
        raise FileNotFoundError(name)


def work_dir():
    d = tempfile.mkdtemp(prefix="gallery-")
    with open(os.path.join(d, "hello.txt"), "wb") as f:
        f.write(TEXT)
    os.utime(os.path.join(d, "hello.txt"), (EPOCH, EPOCH))
    return d


# --- archives -------------------------------------------------------------------------------

def gzip_sample():
    import io
    buf = io.BytesIO()
    with gzip.GzipFile(filename="hello.txt", mode="wb", fileobj=buf, mtime=EPOCH) as g:
        g.write(TEXT)
    return buf.getvalue()


def cpio_old_le_sample():
    tool("cpio")
    d = work_dir()
    return run("cpio", "-o", "-H", "bin", "--reproducible", cwd=d, stdin=b"hello.txt\n")


def lzip_sample():
    tool("lzip")
    return run("lzip", "-c", stdin=TEXT)


def unix_compress_sample():
    tool("compress")
    return run("compress", "-c", stdin=TEXT)


def zip_sample():
    import io
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zipfile.ZipInfo("hello.txt", (2023, 11, 14, 22, 13, 20)), TEXT,
                   compress_type=zipfile.ZIP_DEFLATED)
        z.writestr(zipfile.ZipInfo("empty/", (2023, 11, 14, 22, 13, 20)), b"")
    return buf.getvalue()


# --- common ---------------------------------------------------------------------------------

def vlq_base128_le_sample():
    # 624485 in LEB128 (the example of the Wikipedia article on LEB128).
    return bytes([0xe5, 0x8e, 0x26])


# --- databases ------------------------------------------------------------------------------

def cdb_hash(key):
    h = 5381
    for b in key:
        h = ((h << 5) + h) ^ b
        h &= 0xffffffff
    return h


def cdb_sample():
    """D. J. Bernstein's constant database: 256 table pointers, records, 256 hash tables."""
    records = [(b"one", b"1"), (b"two", b"22"), (b"three", b"333")]
    body = bytearray()
    pos = 2048
    tables = [[] for _ in range(256)]
    for key, value in records:
        h = cdb_hash(key)
        tables[h & 0xff].append((h, pos))
        rec = struct.pack("<II", len(key), len(value)) + key + value
        body += rec
        pos += len(rec)
    header = bytearray()
    for entries in tables:
        slots = [(0, 0)] * (2 * len(entries))
        for h, p in entries:
            i = (h >> 8) % len(slots)
            while slots[i][1] != 0:
                i = (i + 1) % len(slots)
            slots[i] = (h, p)
        header += struct.pack("<II", pos, len(slots))
        for h, p in slots:
            body += struct.pack("<II", h, p)
            pos += 8
    return bytes(header) + bytes(body)


def dbf_sample():
    """dBase III: header, field descriptors, 0x0d, records (deletion flag + fields), 0x1a. The
    schema reads exactly 11 field descriptors (`repeat-expr: 11`), so the table has 11 columns:
    a name, an age and nine one-letter flags."""
    flags = [(b"F%d" % i, b"L", 1) for i in range(1, 10)]
    fields = [(b"NAME", b"C", 10), (b"AGE", b"N", 3)] + flags
    rows = [(b"Ada", b"36", b"TFTFTFTFT"), (b"Grace", b"85", b"FTFTFTFTF")]
    header_len = 32 + 32 * len(fields) + 1
    record_len = 1 + sum(f[2] for f in fields)
    out = struct.pack("<BBBBIHH20x", 0x03, 123, 11, 14, len(rows), header_len, record_len)
    for name, kind, size in fields:
        out += struct.pack("<11sc4xBB14x", name, kind, size, 0)
    out += b"\x0d"
    for name, age, marks in rows:
        out += b" " + name.ljust(10) + age.rjust(3) + marks
    return out + b"\x1a"


def gettext_mo_sample():
    tool("msgfmt")
    d = work_dir()
    with open(os.path.join(d, "de.po"), "w") as f:
        f.write('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                'msgid "Hello"\nmsgstr "Hallo"\n\nmsgid "World"\nmsgstr "Welt"\n')
    run("msgfmt", "-o", "de.mo", "de.po", cwd=d)
    return open(os.path.join(d, "de.mo"), "rb").read()


def git_index_sample():
    tool("git")
    d = work_dir()
    run("git", "init", "-q", ".", cwd=d)
    with open(os.path.join(d, "second.txt"), "wb") as f:
        f.write(b"second\n")
    run("git", "add", "hello.txt", "second.txt", cwd=d)
    # The schema reads at least one extension (its `repeat-until` is checked after each), so
    # the index gets one: `write-tree` stores the cache tree (`TREE`) in it.
    run("git", "write-tree", cwd=d)
    return open(os.path.join(d, ".git", "index"), "rb").read()


def sqlite3_sample():
    d = work_dir()
    path = os.path.join(d, "db.sqlite")
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT, born INTEGER)")
    con.executemany("INSERT INTO people (name, born) VALUES (?, ?)",
                    [("Ada", 1815), ("Grace", 1906), ("Edsger", 1930)])
    con.commit()
    con.close()
    return open(path, "rb").read()


# --- executables ----------------------------------------------------------------------------

def dos_mz_sample():
    """A DOS .exe: a 28-byte MZ header with one relocation, padded to 32 bytes, then code
    that prints a string through int 21h and exits."""
    code = bytes([0xba, 0x0c, 0x00, 0xb4, 0x09, 0xcd, 0x21, 0xb8, 0x00, 0x4c, 0xcd, 0x21]) + b"Hello$"
    header_paras = 2
    size = 32 + len(code)
    hdr = struct.pack("<2sHHHHHHHHHHHHH", b"MZ", size % 512, (size + 511) // 512, 1,
                      header_paras, 0, 0xffff, 0, 0x100, 0, 0, 0, 28, 0)
    reloc = struct.pack("<HH", 1, 0)
    return hdr + reloc + code


def elf_sample():
    tool("gcc")
    d = work_dir()
    with open(os.path.join(d, "hello.c"), "w") as f:
        f.write('#include <stdio.h>\nint main(void) { puts("hello"); return 0; }\n')
    run("gcc", "-O2", "-s", "-o", "hello", "hello.c", cwd=d)
    return open(os.path.join(d, "hello"), "rb").read()


def java_class_sample():
    tool("javac")
    d = work_dir()
    with open(os.path.join(d, "Hello.java"), "w") as f:
        f.write('public class Hello {\n  static final double RATE = 1.5;\n  static final long BIG = 1L << 40;\n'
                '  public static void main(String[] a) { System.out.println("hello " + RATE + BIG); }\n}\n')
    run("javac", "Hello.java", cwd=d)
    return open(os.path.join(d, "Hello.class"), "rb").read()


def webassembly_sample():
    """A module exporting `add(i32, i32) -> i32`, section by section."""
    def section(sid, body):
        return bytes([sid, len(body)]) + body
    types = section(1, bytes([1, 0x60, 2, 0x7f, 0x7f, 1, 0x7f]))
    funcs = section(3, bytes([1, 0]))
    exports = section(7, bytes([1, 3]) + b"add" + bytes([0, 0]))
    code = section(10, bytes([1, 7, 0, 0x20, 0, 0x20, 1, 0x6a, 0x0b]))
    return b"\0asm" + struct.pack("<I", 1) + types + funcs + exports + code


# --- file systems ---------------------------------------------------------------------------

def image_file(d, size):
    path = os.path.join(d, "disk.img")
    with open(path, "wb") as f:
        f.truncate(size)
    return path


def ext2_sample():
    tool("mke2fs")
    d = work_dir()
    path = image_file(d, 256 * 1024)
    run("mke2fs", "-q", "-t", "ext2", "-F", "-b", "1024", "-U", "01234567-89ab-cdef-0123-456789abcdef",
        "-E", "hash_seed=01234567-89ab-cdef-0123-456789abcdef", "-d", d, path)
    return open(path, "rb").read()


def luks_sample():
    """A LUKS1 header laid out as cryptsetup's luksFormat lays it out (cryptsetup is not needed
    for that): a 32-byte key, 4000 anti-forensic stripes in every key slot, the key material of
    slot i at sector 8 + 256 * i (128000 bytes each, aligned to 8 sectors), slot 0 enabled and the
    others disabled, the payload at sector 4096 (2 MiB)."""
    hdr = b"LUKS\xba\xbe" + b"\x00\x01"
    hdr += b"aes".ljust(32, b"\0") + b"xts-plain64".ljust(32, b"\0") + b"sha256".ljust(32, b"\0")
    hdr += struct.pack(">II", 4096, 32) + bytes(range(20)) + bytes(range(32, 64))
    hdr += struct.pack(">I", 1000) + b"01234567-89ab-cdef-0123-456789abcdef".ljust(40, b"\0")
    for slot in range(8):
        if slot == 0:
            hdr += struct.pack(">II", 0x00AC71F3, 2000) + bytes(range(64, 96))
        else:
            hdr += struct.pack(">II", 0x0000DEAD, 0) + bytes(32)
        hdr += struct.pack(">II", 8 + 256 * slot, 4000)
    out = bytearray(hdr.ljust(8 * 512, b"\0"))
    out += bytes((i * 7) & 0xff for i in range(32 * 4000)).ljust(256 * 512, b"\0")
    out = out.ljust(4096 * 512, b"\0")
    out += TEXT
    return bytes(out)


def sfdisk_image(label):
    tool("sfdisk")
    d = work_dir()
    path = image_file(d, 4 * 1024 * 1024)
    script = f"label: {label}\n"
    script += "label-id: 0x12345678\n" if label == "dos" else "label-id: 01234567-89AB-CDEF-0123-456789ABCDEF\n"
    script += "start=2048, size=2048, type=83\n" if label == "dos" else \
        "start=2048, size=2048, type=0FC63DAF-8483-4772-8E79-3D69D8477DE4, uuid=11111111-2222-3333-4444-555555555555\n"
    run("sfdisk", "-q", path, stdin=script.encode())
    return open(path, "rb").read()


def mbr_partition_table_sample():
    return sfdisk_image("dos")[:512]


def gpt_partition_table_sample():
    return sfdisk_image("gpt")


def squashfs_superblock_sample():
    tool("mksquashfs")
    d = work_dir()
    out = os.path.join(tempfile.mkdtemp(), "fs.sqsh")
    # Times come from SOURCE_DATE_EPOCH (mksquashfs refuses -all-time beside it).
    run("mksquashfs", d, out, "-noappend", "-quiet", "-no-progress", "-all-root")
    return open(out, "rb").read()


def vfat_sample():
    tool("mkfs.fat")
    d = work_dir()
    path = os.path.join(d, "fat.img")
    run("mkfs.fat", "-C", "-i", "12345678", "--invariant", path, "1440")
    return open(path, "rb").read()


def vmware_vmdk_sample():
    tool("qemu-img")
    d = work_dir()
    raw, path = os.path.join(d, "disk.raw"), os.path.join(d, "disk.vmdk")
    # A 1 MiB disk full of TEXT, so every grain is allocated and the file runs past the primary
    # grain directory by the size_grain sectors the schema's `grain_primary` reads (an empty disk
    # from `qemu-img create` ends 64 KiB short of it).
    with open(raw, "wb") as f:
        f.write((TEXT * (1024 * 1024 // len(TEXT) + 1))[:1024 * 1024])
    run("qemu-img", "convert", "-q", "-f", "raw", "-O", "vmdk", raw, path)
    return open(path, "rb").read()


# --- images ---------------------------------------------------------------------------------

PIXELS = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]  # 2x2, row by row


def dib_24(rows_bottom_up=True):
    rows = [PIXELS[0:2], PIXELS[2:4]]
    if rows_bottom_up:
        rows = rows[::-1]
    data = b""
    for row in rows:
        line = b"".join(bytes((b, g, r)) for r, g, b in row)
        data += line.ljust(8, b"\0")
    info = struct.pack("<IiiHHIIiiII", 40, 2, 2, 1, 24, 0, len(data), 2835, 2835, 0, 0)
    return info, data


def bmp_sample():
    info, data = dib_24()
    return struct.pack("<2sIHHI", b"BM", 14 + len(info) + len(data), 0, 0, 14 + len(info)) + info + data


def ico_sample():
    info, data = dib_24()
    # In an icon the DIB height counts the XOR and AND masks; the AND mask is 1 bit a pixel.
    info = info[:8] + struct.pack("<i", 4) + info[12:]
    image = info + data + bytes(8)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 2, 2, 0, 0, 1, 24, len(image), 22) + image


def pcx_sample():
    """ZSoft PCX 3.0, 8 bits a pixel, one plane, RLE, with the 256-colour palette after."""
    w, h = 4, 2
    hdr = struct.pack("<BBBBHHHHHH48sBBHHHH54s", 10, 5, 1, 8, 0, 0, w - 1, h - 1, 72, 72,
                      bytes(48), 0, 1, w, 1, 0, 0, bytes(54))
    body = bytes([0xc4, 1]) + bytes([2, 3, 0xc1, 0xc5, 4])  # a run of four 1s; 2, 3, 0xc5, 4
    palette = b"\x0c" + bytes(i % 256 for i in range(768))
    return hdr + body + palette


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_sample():
    raw = b"".join(b"\0" + b"".join(bytes(p) for p in PIXELS[i:i + 2]) for i in (0, 2))
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
            + png_chunk(b"tEXt", b"Comment\0made by build-samples.py")
            + png_chunk(b"IDAT", zlib.compress(raw, 9)) + png_chunk(b"IEND", b""))


def tga_sample():
    """TGA 2.0: header, pixels, the 495-byte extension area (author, a timestamp, the software)
    and the footer pointing at it; the schema reads the extension area whenever the footer's
    signature is there."""
    hdr = struct.pack("<BBBHHBHHHHBB", 0, 0, 2, 0, 0, 0, 0, 0, 2, 2, 24, 0x20)
    data = b"".join(bytes((b, g, r)) for r, g, b in PIXELS)
    ext = struct.pack("<H41s324s6H41s6s41s3sIHHHHIIIB", 495, b"gallery", b"", 11, 14, 2023, 22,
                      13, 20, b"", b"", b"build-samples", b"\x64\x00 ", 0, 1, 1, 22, 10, 0, 0, 0,
                      3)
    footer = struct.pack("<II", len(hdr) + len(data), 0) + b"TRUEVISION-XFILE.\0"
    return hdr + data + ext + footer


def xwd_sample():
    """X11 window dump version 7: the 100-byte header, the window name, 2 colours, 2x2 pixels
    of one byte each."""
    name = b"gallery\0"
    ncolors, w, h = 2, 2, 2
    fields = [100 + len(name), 7, 2, 8, 0, w, h, 0, 1, 8, 1, 8, 8, w, 3, 0, 0, 0, 8, ncolors,
              ncolors, w, h, 0, 0]
    hdr = struct.pack(">25I", *fields)
    colors = b"".join(struct.pack(">IHHHBB", i, i * 0xffff, 0, 0, 7, 0) for i in range(ncolors))
    return hdr + name + colors + bytes([0, 1, 1, 0])


# --- media ----------------------------------------------------------------------------------

SAMPLES_PCM = b"".join(struct.pack("<h", (i * 1000) % 30000 - 15000) for i in range(64))


def wav_sample():
    import io
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(8000)
        w.writeframes(SAMPLES_PCM)
    return buf.getvalue()


def mono_16bit(module, name):
    """A mono 16-bit 8 kHz file written by `module` (aifc or sunau, which close the file they
    write, so it is a real one)."""
    path = os.path.join(work_dir(), name)
    w = module.open(path, "wb")
    w.setnchannels(1)
    w.setsampwidth(2)
    w.setframerate(8000)
    w.writeframes(SAMPLES_PCM[::-1])
    w.close()
    return open(path, "rb").read()


def aiff_sample():
    return mono_16bit(aifc, "tone.aiff")


def au_sample():
    return mono_16bit(sunau, "tone.au")


def id3v1_1_sample():
    tag = (b"TAG" + b"Gallery".ljust(30, b"\0") + b"savepoint".ljust(30, b"\0")
           + b"Samples".ljust(30, b"\0") + b"2026" + b"made by build-samples".ljust(28, b"\0")
           + b"\0" + bytes([7]) + bytes([13]))
    return bytes([0xff, 0xfb, 0x90, 0x00]) + bytes(200) + tag


def stl_sample():
    tri = [((0, 0, 1), (0, 0, 0), (1, 0, 0), (0, 1, 0)), ((0, 0, -1), (0, 0, 0), (0, 1, 0), (1, 0, 0))]
    out = b"binary STL from build-samples.py".ljust(80, b" ") + struct.pack("<I", len(tri))
    for t in tri:
        out += b"".join(struct.pack("<3f", *v) for v in t) + struct.pack("<H", 0)
    return out


def standard_midi_file_sample():
    events = bytes([0x00, 0xff, 0x51, 0x03, 0x07, 0xa1, 0x20,   # tempo
                    0x00, 0x90, 0x3c, 0x40,                     # note on
                    0x60, 0x80, 0x3c, 0x40,                     # note off
                    0x00, 0xff, 0x2f, 0x00])                    # end of track
    return (b"MThd" + struct.pack(">IHHH", 6, 0, 1, 96)
            + b"MTrk" + struct.pack(">I", len(events)) + events)


def creative_voice_file_sample():
    pcm = bytes(128 + (i % 32) for i in range(64))
    block = bytes([1]) + struct.pack("<I", len(pcm) + 2)[:3] + bytes([256 - 125, 0]) + pcm
    version = 0x010a
    # The header's check word is the version's complement plus 0x1234.
    return (b"Creative Voice File\x1a" + struct.pack("<HHH", 26, version, (~version + 0x1234) & 0xffff)
            + block + b"\0")


# --- network --------------------------------------------------------------------------------

def inet_checksum(data):
    if len(data) % 2:
        data += b"\0"
    s = sum(struct.unpack(f">{len(data) // 2}H", data))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return ~s & 0xffff


def icmp_packet_sample():
    body = struct.pack(">HH", 0x1234, 1) + b"ping"
    return struct.pack(">BBH", 8, 0, inet_checksum(struct.pack(">BBH", 8, 0, 0) + body)) + body


def ipv6_packet_sample():
    payload = icmp_packet_sample()
    src = bytes.fromhex("fe800000000000000000000000000001")
    dst = bytes.fromhex("fe800000000000000000000000000002")
    return struct.pack(">IHBB", 6 << 28, len(payload), 58, 64) + src + dst + payload


def ethernet_frame_sample():
    destination, source, ipv6 = "020000000002", "020000000001", "86dd"
    return bytes.fromhex(destination + source + ipv6) + ipv6_packet_sample()


# --- serialization --------------------------------------------------------------------------

def python_pickle_sample():
    # Protocol 3: the schema's opcode switch stops there (protocol 4's FRAME, MEMOIZE and
    # SHORT_BINUNICODE have no case, so their arguments would be read as opcodes).
    return pickle.dumps({"name": "gallery", "sizes": [1, 2, 300, 70000], "ratio": 1.5,
                         "ok": True, "none": None, "raw": b"\x00\x01"}, protocol=3)


def msgpack_sample():
    # {"a": 1, "list": [true, nil, -1, 300], "s": "hi"}
    return bytes([0x83, 0xa1, 0x61, 0x01, 0xa4]) + b"list" + bytes([0x94, 0xc3, 0xc0, 0xff, 0xcd, 0x01, 0x2c, 0xa1, 0x73, 0xa2]) + b"hi"


def cbor_sample():
    # {"a": 1, "b": [2, 3], "c": h'0102', "d": -500, "e": 1.5}
    return bytes([0xa5, 0x61, 0x61, 0x01, 0x61, 0x62, 0x82, 0x02, 0x03, 0x61, 0x63, 0x42, 0x01, 0x02,
                  0x61, 0x64, 0x39, 0x01, 0xf3, 0x61, 0x65, 0xf9, 0x3e, 0x00])


def bson_sample():
    def cstr(s):
        return s.encode() + b"\0"
    def string(s):
        b = s.encode() + b"\0"
        return struct.pack("<i", len(b)) + b
    inner = b"\x10" + cstr("0") + struct.pack("<i", 1) + b"\x10" + cstr("1") + struct.pack("<i", 2)
    inner = struct.pack("<i", len(inner) + 5) + inner + b"\0"
    body = (b"\x02" + cstr("name") + string("gallery") + b"\x01" + cstr("ratio") + struct.pack("<d", 1.5)
            + b"\x04" + cstr("list") + inner + b"\x08" + cstr("ok") + b"\x01"
            + b"\x12" + cstr("big") + struct.pack("<q", 1 << 40))
    return struct.pack("<i", len(body) + 5) + body + b"\0"


def numpy_npy_sample():
    header = "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }"
    total = 10 + len(header) + 1
    header = header + " " * ((64 - total % 64) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + \
        struct.pack("<6i", 1, 2, 3, 4, 5, 6)


def asn1_der_sample():
    tool("openssl")
    d = work_dir()
    with open(os.path.join(d, "asn1.cnf"), "w") as f:
        f.write("asn1 = SEQUENCE:top\n[top]\nversion = INTEGER:2\nname = UTF8String:gallery\n"
                "oid = OID:1.2.840.113549.1.1.11\nflag = BOOLEAN:TRUE\ninner = SEQUENCE:inner\n"
                "[inner]\nbits = FORMAT:HEX,BITSTRING:a5\nnull = NULL\n")
    run("openssl", "asn1parse", "-genconf", "asn1.cnf", "-out", "out.der", "-noout", cwd=d)
    return open(os.path.join(d, "out.der"), "rb").read()


# Schema (under codegen/gallery/schemas) -> (sample file name, builder).
SAMPLES = {
    "archive/cpio_old_le.ksy": ("hello.cpio", cpio_old_le_sample),
    "archive/gzip.ksy": ("hello.txt.gz", gzip_sample),
    "archive/lzip.ksy": ("hello.txt.lz", lzip_sample),
    "archive/unix_compress.ksy": ("hello.txt.Z", unix_compress_sample),
    "archive/zip.ksy": ("hello.zip", zip_sample),
    "common/vlq_base128_le.ksy": ("624485.leb128", vlq_base128_le_sample),
    "database/cdb.ksy": ("numbers.cdb", cdb_sample),
    "database/dbf.ksy": ("people.dbf", dbf_sample),
    "database/gettext_mo.ksy": ("de.mo", gettext_mo_sample),
    "database/git_index.ksy": ("index", git_index_sample),
    "database/sqlite3.ksy": ("people.sqlite", sqlite3_sample),
    "executable/dos_mz.ksy": ("hello.exe", dos_mz_sample),
    "executable/elf.ksy": ("hello.elf", elf_sample),
    "executable/java_class.ksy": ("Hello.class", java_class_sample),
    "executable/webassembly.ksy": ("add.wasm", webassembly_sample),
    "filesystem/ext2.ksy": ("ext2.img", ext2_sample),
    "filesystem/gpt_partition_table.ksy": ("gpt.img", gpt_partition_table_sample),
    "filesystem/luks.ksy": ("luks1.img", luks_sample),
    "filesystem/mbr_partition_table.ksy": ("mbr.bin", mbr_partition_table_sample),
    "filesystem/squashfs_superblock.ksy": ("fs.sqsh", squashfs_superblock_sample),
    "filesystem/vfat.ksy": ("fat12.img", vfat_sample),
    "filesystem/vmware_vmdk.ksy": ("disk.vmdk", vmware_vmdk_sample),
    "image/bmp.ksy": ("2x2.bmp", bmp_sample),
    "image/ico.ksy": ("2x2.ico", ico_sample),
    "image/pcx.ksy": ("4x2.pcx", pcx_sample),
    "image/png.ksy": ("2x2.png", png_sample),
    "image/tga.ksy": ("2x2.tga", tga_sample),
    "image/xwd.ksy": ("2x2.xwd", xwd_sample),
    "media/aiff.ksy": ("tone.aiff", aiff_sample),
    "media/au.ksy": ("tone.au", au_sample),
    "media/creative_voice_file.ksy": ("tone.voc", creative_voice_file_sample),
    "media/id3v1_1.ksy": ("tagged.mp3", id3v1_1_sample),
    "media/standard_midi_file.ksy": ("note.mid", standard_midi_file_sample),
    "media/stl.ksy": ("two.stl", stl_sample),
    "media/wav.ksy": ("tone.wav", wav_sample),
    "network/ethernet_frame.ksy": ("ping6.eth", ethernet_frame_sample),
    "network/icmp_packet.ksy": ("ping.icmp", icmp_packet_sample),
    "network/ipv6_packet.ksy": ("ping6.ipv6", ipv6_packet_sample),
    "serialization/asn1/asn1_der.ksy": ("seq.der", asn1_der_sample),
    "serialization/bson.ksy": ("doc.bson", bson_sample),
    "serialization/cbor.ksy": ("map.cbor", cbor_sample),
    "serialization/msgpack.ksy": ("map.msgpack", msgpack_sample),
    "serialization/numpy_npy.ksy": ("2x3.npy", numpy_npy_sample),
    "serialization/python_pickle.ksy": ("dict.pickle", python_pickle_sample),
}


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join("target", "gallery", "samples")
    os.makedirs(out, exist_ok=True)
    for schema, (name, build) in SAMPLES.items():
        stem = os.path.splitext(os.path.basename(schema))[0]
        try:
            data = build()
        except (FileNotFoundError, subprocess.CalledProcessError) as e:
            print(f"{schema}: no sample ({e})", file=sys.stderr)
            continue
        with open(os.path.join(out, f"{stem}--{name}"), "wb") as f:
            f.write(data)
    print(f"samples in {out}")


if __name__ == "__main__":
    main()
