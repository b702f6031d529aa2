//! Custom `process` routines: a schema's `process: my_fx(7, true)` names a routine that is not
//! one of Kaitai's (`xor`, `rol`, `ror`, `zlib`). The user implements [`KsCustomProcess`] for a
//! type with a `new` constructor taking the schema's arguments; generated code builds it and
//! hands it to the processed field as [`KsProcess::Custom`](crate::process::KsProcess::Custom).

use std::rc::Rc;

/// A custom `process` routine. The writer keeps the stored bytes while they still decode to
/// the field's value, and calls [`KsCustomProcess::encode`] only for an edited value, so the
/// file stays byte-exact even when `encode` would store the value differently.
pub trait KsCustomProcess {
    /// The field's bytes from the bytes as stored; an `Err` is a read error at the field.
    fn decode(&self, stored: &[u8]) -> Result<Vec<u8>, String>;

    /// The bytes to store for the field's bytes `value` (the inverse of
    /// [`KsCustomProcess::decode`]); an `Err` is a write error at the field.
    fn encode(&self, value: &[u8]) -> Result<Vec<u8>, String>;
}

/// A custom routine with the name the schema gives it (for errors). Two are equal when they are
/// the same routine object.
#[derive(Clone)]
pub struct KsCustom {
    /// The name in the schema (`my_custom_fx`, `nested.deeply.custom_fx`).
    pub name: &'static str,
    routine: Rc<dyn KsCustomProcess>,
}

impl KsCustom {
    /// Wraps `routine`, named `name` in the schema.
    pub fn new(name: &'static str, routine: impl KsCustomProcess + 'static) -> Self {
        KsCustom {
            name,
            routine: Rc::new(routine),
        }
    }

    /// The routine.
    pub fn routine(&self) -> &dyn KsCustomProcess {
        self.routine.as_ref()
    }
}

impl std::fmt::Debug for KsCustom {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "KsCustom({})", self.name)
    }
}

impl PartialEq for KsCustom {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name && Rc::ptr_eq(&self.routine, &other.routine)
    }
}

impl Eq for KsCustom {}
