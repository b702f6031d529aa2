//! The custom `process` routines Kaitai's test suite names, as the `.kst` expectations and the
//! inputs define them, for the binrw backend's suite harness (`suite.rs` declares this file, by
//! its path, as `mod ks_processors` in the module of a test that names one).

use savepoint_runtime::custom_process::KsCustomProcess;

/// `my_custom_fx(key, add, unused)`: every byte shifted by `key`, up when `add`, else down
/// (wrapping). The byte-array argument only proves arguments of every kind arrive.
pub struct MyCustomFx {
    shift: u8,
    add: bool,
}

impl MyCustomFx {
    /// The routine the schema's arguments describe.
    pub fn new(key: u8, add: bool, _unused: &[u8]) -> Self {
        MyCustomFx { shift: key, add }
    }

    fn shifted(&self, bytes: &[u8], up: bool) -> Vec<u8> {
        bytes
            .iter()
            .map(|b| match up {
                true => b.wrapping_add(self.shift),
                false => b.wrapping_sub(self.shift),
            })
            .collect()
    }
}

impl KsCustomProcess for MyCustomFx {
    fn decode(&self, stored: &[u8]) -> Result<Vec<u8>, String> {
        Ok(self.shifted(stored, self.add))
    }

    fn encode(&self, value: &[u8]) -> Result<Vec<u8>, String> {
        Ok(self.shifted(value, !self.add))
    }
}

/// Decoding puts a `_` before and after the stored bytes; encoding takes them off again.
fn underscored(stored: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(stored.len() + 2);
    out.push(b'_');
    out.extend_from_slice(stored);
    out.push(b'_');
    out
}

/// The inverse of [`underscored`]: a value without its two `_` cannot be stored.
fn without_underscores(value: &[u8]) -> Result<Vec<u8>, String> {
    value
        .strip_prefix(b"_")
        .and_then(|v| v.strip_suffix(b"_"))
        .map(<[u8]>::to_vec)
        .ok_or_else(|| "the value must start and end with `_`".to_string())
}

/// `custom_fx_no_args`: the stored bytes between two `_`.
#[derive(Default)]
pub struct CustomFxNoArgs;

impl CustomFxNoArgs {
    /// The routine (it takes no arguments).
    pub fn new() -> Self {
        CustomFxNoArgs
    }
}

impl KsCustomProcess for CustomFxNoArgs {
    fn decode(&self, stored: &[u8]) -> Result<Vec<u8>, String> {
        Ok(underscored(stored))
    }

    fn encode(&self, value: &[u8]) -> Result<Vec<u8>, String> {
        without_underscores(value)
    }
}

/// `nested.deeply.custom_fx`, a routine named by a dotted path.
pub mod nested {
    /// The `deeply` level of the path.
    pub mod deeply {
        use savepoint_runtime::custom_process::KsCustomProcess;

        /// `nested.deeply.custom_fx(key)`: the stored bytes between two `_` (the key is unused).
        pub struct CustomFx;

        impl CustomFx {
            /// The routine; the suite passes a key it does not use.
            pub fn new(_key: u8) -> Self {
                CustomFx
            }
        }

        impl KsCustomProcess for CustomFx {
            fn decode(&self, stored: &[u8]) -> Result<Vec<u8>, String> {
                Ok(super::super::underscored(stored))
            }

            fn encode(&self, value: &[u8]) -> Result<Vec<u8>, String> {
                super::super::without_underscores(value)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_routine_encodes_what_it_decodes() {
        let stored = [0x09, 0xac, 0xff];
        let routines: [&dyn KsCustomProcess; 4] = [
            &MyCustomFx::new(7, true, &[0x20]),
            &MyCustomFx::new(1, false, &[]),
            &CustomFxNoArgs::new(),
            &nested::deeply::CustomFx::new(7),
        ];
        for r in routines {
            let value = r.decode(&stored).unwrap();
            assert_eq!(r.encode(&value).unwrap(), stored);
        }
        assert_eq!(
            MyCustomFx::new(7, true, &[]).decode(&stored).unwrap(),
            [0x10, 0xb3, 0x06]
        );
        assert_eq!(CustomFxNoArgs::new().decode(b"ab").unwrap(), b"_ab_");
        assert!(CustomFxNoArgs::new().encode(b"ab_").is_err());
    }
}
