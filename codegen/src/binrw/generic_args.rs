//! The type arguments of a `-savepoint-rust-type` path (`unreal::TMap<i32,
//! unreal::FObjectReferenceDisc>`): each one a path, imported as it is, or a name of the
//! schema's own module or another one's.

use super::{Module, int_type};

impl Module<'_> {
    /// `args` (the text between `<` and `>`, comma-separated) as the module spells them,
    /// importing each path and each type of another schema; `declared_in` is the schema that
    /// names the path.
    pub(super) fn use_generic_args(&mut self, args: &str, declared_in: &str) -> String {
        args.split(',')
            .map(|arg| self.use_generic_arg(arg.trim(), declared_in))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn use_generic_arg(&mut self, arg: &str, declared_in: &str) -> String {
        if arg.contains("::") {
            self.uses.insert(arg.to_string());
            return arg.rsplit("::").next().unwrap_or(arg).to_string();
        }
        let primitive = int_type(arg).is_some()
            || ["u8", "u16", "u32", "u64", "i8", "i16", "i32", "i64"].contains(&arg);
        if !primitive && declared_in != self.file {
            let root = &self.settings.module_root;
            self.uses.insert(format!("{root}::{declared_in}::{arg}"));
        }
        arg.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::generate_from;

    #[test]
    fn every_type_argument_of_a_rust_path_is_imported() {
        let schema = "meta: {id: ga, endian: le}\n-savepoint-namespace: true\ntypes:\n  rec:\n    \
             seq:\n      - {id: m, type: pairs}\n  \
             pairs:\n    -savepoint-rust-type: other::TMap<i32, other::Ref>\n    \
             seq:\n      - {id: n, type: s4}\n";
        let m = generate_from("generic-args", &[("ga.ksy", schema)], "ga")
            .unwrap_or_else(|e| panic!("{e}"))
            .source;
        for used in ["use other::TMap;", "use other::Ref;"] {
            assert!(m.contains(used), "{used} in {m}");
        }
        assert!(m.contains("pub m: TMap<i32, Ref>,"), "{m}");
    }
}
