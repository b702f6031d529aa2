#!/usr/bin/env bash
# Sourced by the format crates' kaitai-diff.sh scripts (FreeRCT, Satisfactory): installs, when
# missing, the official Kaitai Struct compiler 0.11 (npm package kaitai-struct-compiler, with
# js-yaml), the kaitaistruct 0.11 Python runtime (PyPI) and Python's `sunau` (codegen's build-script
# test writes its .au sample with it) into $tools (the caller sets it, under
# target/, ignored and reused by later runs), and node, npm and pip themselves with apt-get when
# the machine lacks them.
compiler_version=0.11.0
runtime_version=0.11

# A fresh machine may lack node, npm or pip: install them with apt when it is there.
apt_install() {
    command -v apt-get >/dev/null || { echo "kaitai-tools: $* missing and no apt-get to install it" >&2; exit 1; }
    local sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    echo "kaitai-tools: installing $* with apt-get"
    $sudo apt-get update -qq && $sudo apt-get install -y -qq "$@" >/dev/null
}
command -v node >/dev/null && command -v npm >/dev/null || apt_install nodejs npm
command -v python3 >/dev/null || apt_install python3
python3 -m pip --version >/dev/null 2>&1 || apt_install python3-pip

mkdir -p "$tools"
installed_compiler="$(node -p "require('$tools/node/node_modules/kaitai-struct-compiler/package.json').version" 2>/dev/null || true)"
if [ "$installed_compiler" != "$compiler_version" ] || [ ! -d "$tools/node/node_modules/js-yaml" ]; then
    echo "kaitai-tools: installing kaitai-struct-compiler $compiler_version and js-yaml into $tools/node"
    npm install --prefix "$tools/node" --no-save --no-audit --no-fund \
        "kaitai-struct-compiler@$compiler_version" "js-yaml@4" >"$tools/npm.log" 2>&1 \
        || { cat "$tools/npm.log" >&2; exit 1; }
fi
if ! PYTHONPATH="$tools/py" python3 -c "import kaitaistruct, sys; sys.exit(kaitaistruct.__version__ != '$runtime_version')" 2>/dev/null; then
    echo "kaitai-tools: installing kaitaistruct $runtime_version into $tools/py"
    rm -rf "$tools/py"
    pip_target=(python3 -m pip install --quiet --disable-pip-version-check --target "$tools/py" "kaitaistruct==$runtime_version")
    # A distribution's "externally managed" Python refuses even --target installs unless told that
    # this folder is ours.
    "${pip_target[@]}" >"$tools/pip.log" 2>&1 || "${pip_target[@]}" --break-system-packages >>"$tools/pip.log" 2>&1 \
        || { cat "$tools/pip.log" >&2; exit 1; }
fi
# `sunau` is in the standard library until Python 3.13; after, the standard-sunau backport (PyPI).
if ! PYTHONPATH="$tools/py" python3 -c "import sunau" 2>/dev/null; then
    echo "kaitai-tools: installing standard-sunau into $tools/py"
    pip_sunau=(python3 -m pip install --quiet --disable-pip-version-check --target "$tools/py" standard-sunau)
    "${pip_sunau[@]}" >"$tools/pip.log" 2>&1 || "${pip_sunau[@]}" --break-system-packages >>"$tools/pip.log" 2>&1 \
        || { cat "$tools/pip.log" >&2; exit 1; }
fi
