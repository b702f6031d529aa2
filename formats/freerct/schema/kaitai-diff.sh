#!/usr/bin/env bash
# Differential test of the FreeRCT schemas against the official Kaitai Struct tools:
#  1. installs, when missing, kaitai-struct-compiler 0.11 (npm, with js-yaml) and the kaitaistruct 0.11
#     Python runtime (PyPI) into target/kaitai/ (codegen/kaitai-tools.sh, shared with Satisfactory's);
#  2. checks the extension keys and the agreement with formats/freerct/src (patterns, fields, gates),
#     then compiles every .ksy of this folder to Python with the official compiler;
#  3. writes synthetic saves for the pattern versions the corpus lacks (formats/freerct/tests/it/kaitai/synthetic.rs),
#     then parses them and every file of ../shared/corpus/freerct with that Python code;
#  4. runs the ignored Rust test formats/freerct/tests/it/kaitai.rs, which reads the same files with the
#     freerct crate and compares the values (and that must-fail files fail in both).
# Installs node, npm and pip with apt-get when they are missing. Usage: formats/freerct/schema/kaitai-diff.sh
set -euo pipefail
schema="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$schema/../../.." && pwd)"
tools="$root/target/kaitai"
corpus="$root/../shared/corpus/freerct"
# shellcheck source=../../../codegen/kaitai-tools.sh
. "$root/codegen/kaitai-tools.sh"

rm -rf "$tools/gen" "$tools/dumps" "$tools/synthetic"
NODE_PATH="$tools/node/node_modules" node "$schema/kaitai-compile.js" "$schema" "$tools/gen" "$root/formats/freerct/src"
cd "$root"
FREERCT_KAITAI_SYNTHETIC="$tools/synthetic" cargo test -q -p freerct --test it -- --ignored --exact kaitai::write_synthetic_saves
PYTHONPATH="$tools/py" python3 "$schema/kaitai_dump.py" "$tools/gen" "$corpus" "$tools/dumps" "$tools/synthetic"
FREERCT_KAITAI_DUMPS="$tools/dumps" cargo test -q -p freerct --test it -- --ignored --exact kaitai::kaitai_python_reads_the_same_values --nocapture
