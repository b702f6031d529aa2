#!/usr/bin/env bash
# Differential test of the FreeRCT schemas against the official Kaitai Struct tools:
#  1. installs, when missing, kaitai-struct-compiler 0.11 (npm, with js-yaml) and the kaitaistruct 0.11
#     Python runtime (PyPI) into target/kaitai/ (ignored, reused by later runs);
#  2. checks the extension keys and the agreement with formats/freerct/src (patterns, fields, gates),
#     then compiles every .ksy of this folder to Python with the official compiler;
#  3. writes synthetic saves for the pattern versions the corpus lacks (formats/freerct/tests/synthetic),
#     then parses them and every file of ../shared/corpus/freerct with that Python code;
#  4. runs the ignored Rust test formats/freerct/tests/kaitai.rs, which reads the same files with the
#     freerct crate and compares the values (and that must-fail files fail in both).
# Installs node, npm and pip with apt-get when they are missing. Usage: formats/freerct/schema/kaitai-diff.sh
set -euo pipefail
schema="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$schema/../../.." && pwd)"
tools="$root/target/kaitai"
compiler_version=0.11.0
runtime_version=0.11
corpus="$root/../shared/corpus/freerct"

# A fresh machine may lack node, npm or pip: install them with apt when it is there.
apt_install() {
    command -v apt-get >/dev/null || { echo "kaitai-diff: $* missing and no apt-get to install it" >&2; exit 1; }
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    echo "kaitai-diff: installing $* with apt-get"
    $sudo apt-get update -qq && $sudo apt-get install -y -qq "$@" >/dev/null
}
command -v node >/dev/null && command -v npm >/dev/null || apt_install nodejs npm
command -v python3 >/dev/null || apt_install python3
python3 -m pip --version >/dev/null 2>&1 || apt_install python3-pip

mkdir -p "$tools"
installed_compiler="$(node -p "require('$tools/node/node_modules/kaitai-struct-compiler/package.json').version" 2>/dev/null || true)"
if [ "$installed_compiler" != "$compiler_version" ] || [ ! -d "$tools/node/node_modules/js-yaml" ]; then
    echo "kaitai-diff: installing kaitai-struct-compiler $compiler_version and js-yaml into $tools/node"
    npm install --prefix "$tools/node" --no-save --no-audit --no-fund \
        "kaitai-struct-compiler@$compiler_version" "js-yaml@4" >"$tools/npm.log" 2>&1 \
        || { cat "$tools/npm.log" >&2; exit 1; }
fi
if ! PYTHONPATH="$tools/py" python3 -c "import kaitaistruct, sys; sys.exit(kaitaistruct.__version__ != '$runtime_version')" 2>/dev/null; then
    echo "kaitai-diff: installing kaitaistruct $runtime_version into $tools/py"
    rm -rf "$tools/py"
    pip_target=(python3 -m pip install --quiet --disable-pip-version-check --target "$tools/py" "kaitaistruct==$runtime_version")
    # A distribution's "externally managed" Python refuses even --target installs unless told that
    # this folder is ours.
    "${pip_target[@]}" >"$tools/pip.log" 2>&1 || "${pip_target[@]}" --break-system-packages >>"$tools/pip.log" 2>&1 \
        || { cat "$tools/pip.log" >&2; exit 1; }
fi

rm -rf "$tools/gen" "$tools/dumps" "$tools/synthetic"
NODE_PATH="$tools/node/node_modules" node "$schema/kaitai-compile.js" "$schema" "$tools/gen" "$root/formats/freerct/src"
cd "$root"
FREERCT_KAITAI_SYNTHETIC="$tools/synthetic" cargo test -q -p freerct --test kaitai -- --ignored --exact write_synthetic_saves
PYTHONPATH="$tools/py" python3 "$schema/kaitai_dump.py" "$tools/gen" "$corpus" "$tools/dumps" "$tools/synthetic"
FREERCT_KAITAI_DUMPS="$tools/dumps" cargo test -q -p freerct --test kaitai -- --ignored --exact kaitai_python_reads_the_same_values --nocapture
