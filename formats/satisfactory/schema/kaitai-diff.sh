#!/usr/bin/env bash
# Differential test of the Satisfactory schemas against the official Kaitai Struct tools:
#  1. installs, when missing, kaitai-struct-compiler 0.11 and the kaitaistruct 0.11 Python runtime
#     into target/kaitai/ (codegen/kaitai-tools.sh, shared with FreeRCT's kaitai-diff.sh);
#  2. checks the extension keys and compiles every .ksy of this folder to Python with the official
#     compiler (FreeRCT's kaitai-compile.js, which takes any schema folder);
#  3. reads the header of every save and blueprint (with its chunk headers and the objects of its
#     inflated body: each TOC header and data blob entry), and every blueprint config, of
#     ../shared/corpus/satisfactory with that Python code;
#  4. runs the ignored Rust test formats/satisfactory/tests/it/kaitai.rs, which reads the same files
#     with the satisfactory crate and compares the values (and that a file failing in one fails
#     in both).
# Usage: formats/satisfactory/schema/kaitai-diff.sh
set -euo pipefail
schema="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$schema/../../.." && pwd)"
tools="$root/target/kaitai"
corpus="$root/../shared/corpus/satisfactory"
# shellcheck source=../../../codegen/kaitai-tools.sh
. "$root/codegen/kaitai-tools.sh"

rm -rf "$tools/satisfactory-gen" "$tools/satisfactory-dumps"
NODE_PATH="$tools/node/node_modules" node "$root/formats/freerct/schema/kaitai-compile.js" "$schema" "$tools/satisfactory-gen"
PYTHONPATH="$tools/py" python3 "$schema/kaitai_dump.py" "$tools/satisfactory-gen" "$corpus" "$tools/satisfactory-dumps"
cd "$root"
SATISFACTORY_KAITAI_DUMPS="$tools/satisfactory-dumps" cargo test -q -p satisfactory --test it -- --ignored --exact kaitai::kaitai_python_reads_the_same_headers --nocapture
