#!/bin/sh
# Issue 19's measure: the places in src/binrw that still recognize a Kaitai type name by its
# text (`ty == "io"`, `"str" | "strz"`, `int_type(ty)`, `is_int(..)`, a `KsType::parse` after
# load) instead of matching a type parsed once at load. Counted in non-test code only (from a
# file's `#[cfg(test)]` on), leaving out the parsers themselves, `use` lines, the helpers'
# definitions, the predicates on a parsed field or kind (`is_int(field)`, `builtin(kind)`)
# and asserts. Prints one line per match; `| wc -l` gives the count.
cd "$(dirname "$0")/src/binrw" || exit 1
name='[us][124](le|be)?|[us]8(le|be)|f[48](le|be)?|b[0-9]+(le|be)?|strz?|bytes|struct|io|any|bool'
pat="(^|[^.[:alnum:]_])(int_type|is_int|builtin)\(|KsType::parse\(|([=!]= *|\| *|Some\()\"($name)\"|\"($name)\" *(\||=>)"
for f in $(find . -name '*.rs' | sort); do
    sed '/^#\[cfg(test)\]/,$d' "$f" | grep -nE "$pat" |
        grep -vE '^[0-9]+: *(pub(\([a-z:]*\))? )?use |fn (int_type|is_int|builtin)\(|builtin\(\*?kind\)|is_int\(field\)|assert' |
        # Parsing a name once while the schema is loaded is what the rest should read.
        case "$f" in ./schema/*/*) cat ;; ./schema/*) grep -v 'KsType::parse(' ;; *) cat ;; esac |
        sed "s|^|$f:|"
done
