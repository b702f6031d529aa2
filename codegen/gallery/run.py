#!/usr/bin/env python3
"""The gallery table: builds the samples (build-samples.py), then runs
`savepoint-codegen roundtrip SCHEMA SAMPLE -I codegen/gallery/schemas` on each and prints one
Markdown row per format: the result line, or for a failure the error (for a schema the binrw
backend refuses: the file, the YAML path and the construct). Run from the workspace root:

    python3 codegen/gallery/run.py            # the table on stdout, also target/gallery/results.md
"""

import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMAS = os.path.join(HERE, "schemas")
SAMPLES = os.path.join("target", "gallery", "samples")
CLI = os.path.join("target", "debug", "savepoint-codegen")


def schema_of(stem):
    for root, _, files in os.walk(SCHEMAS):
        if f"{stem}.ksy" in files:
            return os.path.join(root, f"{stem}.ksy")
    return None


def licence(schema):
    with open(schema) as f:
        m = re.search(r"^\s*license:\s*(\S+)", f.read(), re.M)
    return m.group(1) if m else "?"


def verdict(schema, sample):
    """(passed, what): the roundtrip line of the sample, or the first error line."""
    rel = os.path.relpath(schema)
    o = subprocess.run([CLI, "roundtrip", rel, sample, "-I", os.path.relpath(SCHEMAS)],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for line in o.stdout.splitlines():
        if line.startswith(sample + ": "):
            return o.returncode == 0, line[len(sample) + 2:]
    errors = [l for l in o.stderr.splitlines() if l.startswith("error")]
    return False, (errors[0] if errors else o.stderr.strip().splitlines()[-1]).removeprefix("error: ")


def cell(text):
    text = text.replace(os.path.relpath(SCHEMAS) + "/", "").replace("|", "\\|")
    return text if len(text) <= 220 else text[:217] + "..."


def main():
    subprocess.run([sys.executable, os.path.join(HERE, "build-samples.py"), SAMPLES], check=True,
                   stdout=subprocess.DEVNULL)
    subprocess.run(["cargo", "build", "--quiet", "-p", "savepoint-codegen", "--bin",
                    "savepoint-codegen"], check=True)
    rows, passed = [], 0
    for sample in sorted(os.listdir(SAMPLES)):
        stem = sample.split("--")[0]
        schema = schema_of(stem)
        if schema is None:
            continue
        path = os.path.join(SAMPLES, sample)
        ok, what = verdict(schema, path)
        passed += ok
        rel = os.path.relpath(schema, SCHEMAS)
        size = os.path.getsize(path)
        rows.append(f"| `{rel}` | {licence(schema)} | `{sample.split('--')[1]}` ({size} B) | "
                    f"{'pass' if ok else 'fail'} | {cell(what)} |")
        print(rows[-1], file=sys.stderr)
    table = ["| schema | licence | sample | result | roundtrip line or error |",
             "| --- | --- | --- | --- | --- |"] + rows
    table.append(f"\n{passed} of {len(rows)} formats round-trip byte-exact.")
    text = "\n".join(table) + "\n"
    os.makedirs(os.path.join("target", "gallery"), exist_ok=True)
    with open(os.path.join("target", "gallery", "results.md"), "w") as f:
        f.write(text)
    print(text)


if __name__ == "__main__":
    main()
