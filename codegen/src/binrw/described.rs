//! Types declared inside a hand-written type (`types:` of a `-savepoint-rust-type` type): they
//! describe the hand-written layout to Kaitai, as the pair of a map does
//! (`t_map_..: {-savepoint-rust-type: ..::InstanceMap, types: {pair: ..}}`), so the Rust side
//! has the hand-written type and generates nothing for them. Every type of a schema is declared
//! inside its top level, so a schema whose top level is hand-written generates no type.

use super::schema::TypeDef;

/// Whether `def` is declared, at any depth, inside one of `types` that is hand-written.
pub(super) fn inside_hand_written(types: &[TypeDef], def: &TypeDef) -> bool {
    types.iter().any(|outer| {
        outer.rust_type.is_some()
            && def
                .yaml_path
                .strip_prefix(outer.yaml_path.as_str())
                .is_some_and(|rest| rest.starts_with("/types/"))
    })
}

#[cfg(test)]
mod tests {
    use super::super::generate_from;

    #[test]
    fn a_type_inside_a_hand_written_one_is_not_generated() {
        let schema = "meta: {id: dh, endian: le}\n-savepoint-namespace: true\ntypes:\n  rec:\n    \
             seq:\n      - {id: m, type: pairs}\n  \
             pairs:\n    -savepoint-rust-type: other::Pairs\n    \
             seq:\n      - {id: n, type: s4}\n      \
             - {id: items, type: pair, repeat: expr, repeat-expr: n}\n    \
             types:\n      pair:\n        seq:\n          - {id: k, type: u1}\n";
        let m = generate_from("described", &[("dh.ksy", schema)], "dh")
            .unwrap_or_else(|e| panic!("{e}"))
            .source;
        assert!(m.contains("pub m: Pairs,"), "{m}");
        assert!(!m.contains("struct Pair "), "{m}");
    }
}
