//! Bit-sized integers (`b1`..`b64`, `b6be`, `b6le`) for the binrw backend.
//!
//! Kaitai reads bit fields from a bit cursor that carries the unread bits of the current byte
//! from one field to the next, across `if` and `repeat`, until a byte-aligned field (or the end
//! of the type) drops them. A run of consecutive bit fields therefore shares one `KsBits` state,
//! a `#[br(temp)]` field that reads and writes nothing; each bit field is read and written
//! through it with `parse_with` / `write_with`, and the run ends with a `_bit_padN: u8` field
//! that keeps the bits Kaitai skips to the byte boundary, so that writing is byte-exact.
//!
//! modular-bitfield (the workspace's crate for packed bit fields) does not fit here: it packs
//! fixed-size groups least significant bit first, while Kaitai's default bit order is most
//! significant bit first (with values spanning bytes in big-endian order), and a run's length
//! varies with `if` and `repeat`.

use proc_macro2::{Ident, Literal, TokenStream};
use quote::{ToTokens, format_ident, quote};

use super::emit::{Check, Checked, check, field_check, valid_check};
use super::expr::{self, Side};
use super::repeat::Element;
use super::schema::{Field, FieldType, KsEnum, TypeDef};
use super::tokens::{ident, source};

/// Sets each type's `bit_endian` from `meta/bit-endian` of the type or the nearest enclosing
/// one (Kaitai's default is `be`, left as `None`).
pub(super) fn bit_endians(doc: &serde_yaml::Value, types: &mut [TypeDef]) -> Result<(), Failure> {
    for t in types {
        let mut node = Some(doc);
        let mut order = meta_order(doc, "")?;
        let mut path = String::new();
        for part in t.yaml_path.split('/').filter(|p| !p.is_empty()) {
            node = node.and_then(|n| n.get(part));
            path = format!("{path}/{part}");
            if let Some(o) = node.map(|n| meta_order(n, &path)).transpose()?.flatten() {
                order = Some(o);
            }
        }
        t.bit_endian = order;
    }
    Ok(())
}

fn meta_order(node: &serde_yaml::Value, path: &str) -> Result<Option<bool>, Failure> {
    match node.get("meta").and_then(|m| m.get("bit-endian")) {
        None => Ok(None),
        Some(v) => match v.as_str() {
            Some("be") => Ok(Some(true)),
            Some("le") => Ok(Some(false)),
            _ => Err((
                format!("{path}/meta/bit-endian"),
                "bit-endian is `be` or `le`".into(),
            )),
        },
    }
}

/// The Rust type holding `n` bits: `bool` for one, else the narrowest unsigned integer.
pub(super) fn rust_type(n: u32) -> &'static str {
    match n {
        1 => "bool",
        2..=8 => "u8",
        9..=16 => "u16",
        17..=32 => "u32",
        _ => "u64",
    }
}

/// How a bit field is read and written through the cursor of its run.
struct Through {
    /// The run's `KsBits` field.
    state: Ident,
    bits: Literal,
    /// Most significant bit first.
    big: bool,
    /// `Type.field`, for the writer's errors.
    path: String,
}

impl Through {
    /// The reader's directives: `read` (a `ks_bits_read*` function) with `more` arguments
    /// after the cursor, the width and the bit order.
    fn read(&self, read: TokenStream, more: TokenStream) -> TokenStream {
        let Through {
            state, bits, big, ..
        } = self;
        quote!(parse_with = #read, args_raw = (&#state, #bits, #big #more))
    }

    /// The writer's directives.
    fn write(&self) -> TokenStream {
        let Through {
            state,
            bits,
            big,
            path,
        } = self;
        quote!(write_with = ks_bits_write, args_raw = (&#state, #bits, #big, #path))
    }
}

/// The bit fields of one record: which run is open, and how many runs it had.
#[derive(Default)]
pub(super) struct Run {
    /// The state variable of the open run and the last field read through it.
    open: Option<(String, String)>,
    next: usize,
    /// The record has bit fields (its module imports [`RUNTIME`]).
    pub used: bool,
    /// A bit field's `if` reads `_io` (the module imports [`super::io::RUNTIME`]).
    pub io: bool,
}

type Failure = (String, String);

impl Run {
    /// A bit field's attributes and declaration (opening a run first), or `None` when `field`
    /// is not a bit field.
    pub fn field(
        &mut self,
        def: &TypeDef,
        enums: &[KsEnum],
        field: &Field,
    ) -> Result<Option<TokenStream>, Failure> {
        let FieldType::Named { kind, .. } = &field.ty else {
            return Ok(None);
        };
        let Some((bits, order)) = kind.bits() else {
            return Ok(None);
        };
        let fail = |m: &str| (field.yaml_path.clone(), m.to_string());
        if field.count_of.is_some() || field.since.is_some() {
            return Err(fail(
                "counts and version gates on a bit field are not supported by the binrw backend",
            ));
        }
        if field.repeat_until.is_some() {
            return Err(fail(
                "repeat: until of a bit field is not supported by the binrw backend",
            ));
        }
        if field.size.is_some() || field.size_eos || field.terminator.is_some() {
            return Err(fail("a bit field takes no size or terminator"));
        }
        let mut out = TokenStream::new();
        let state = match &self.open {
            Some((state, _)) => state.clone(),
            None => {
                let state = format!("_bits{}", self.next);
                let id = ident(&state);
                out.extend(quote! {
                    #[br(temp)]
                    #[bw(calc = KsBits::default())]
                    #id: KsBits,
                });
                state
            }
        };
        self.open = Some((state.clone(), field.id.clone()));
        self.used = true;
        // The bit cursor takes whole bytes from the stream as it needs them, so the stream's
        // position is Kaitai's `_io.pos` in a run too; `_io.eof` also asks the cursor.
        let io_temps = super::io::temps_in_run(field, &state);
        self.io |= !io_temps.is_empty();
        out.extend(io_temps);
        out.extend(super::emit::docs(field.doc.as_deref()));
        let big = order.or(def.bit_endian).unwrap_or(true);
        let at = Through {
            state: ident(&state),
            bits: Literal::u32_unsuffixed(bits),
            big,
            path: format!("{}.{}", def.rust_name, field.id),
        };
        let int = ident(rust_type(bits));
        let count = field
            .repeat_expr
            .as_ref()
            .map(|n| expr::lower(n, expr::Use::default()).map_err(|e| fail(&e)))
            .transpose()?;
        let read = match (&count, field.repeat_eos) {
            (Some(n), _) => {
                let n = n.rust(Side::Read);
                at.read(
                    quote!(ks_bits_read_n),
                    quote!(, usize::try_from(#n).unwrap_or(usize::MAX)),
                )
            }
            (None, true) => at.read(quote!(ks_bits_read_eos), quote!()),
            (None, false) => at.read(quote!(ks_bits_read), quote!()),
        };
        let list = count.is_some() || field.repeat_eos;
        let mut br = Vec::new();
        if let Some(cond) = &field.cond {
            let cond = expr::lower(
                cond,
                expr::Use {
                    size: false,
                    io: true,
                },
            )
            .map_err(|e| fail(&e))?;
            let cond = super::io::localize(&cond, field);
            let read = cond.rust(Side::Read);
            br.push(quote!(if(#read)));
            if let Some(check) = super::emit::presence(&at.path, field, &cond) {
                out.extend(check);
            }
        }
        br.push(read);
        let value = match &field.enum_name {
            // Every enum of a module with bit fields is a `KsBitValue` (see `enum_impl`).
            Some(enum_name) => {
                let e = super::schema::find_enum(enums, enum_name)
                    .ok_or_else(|| fail(&format!("unknown enum `{enum_name}`")))?;
                ident(&e.rust_name)
            }
            None => int,
        };
        let ty = match (list, field.cond.is_some()) {
            (true, true) => {
                return Err(fail(
                    "`if` on a repeated bit field is not supported by the binrw backend",
                ));
            }
            (true, false) => quote!(Vec<#value>),
            (false, true) => quote!(Option<#value>),
            (false, false) => quote!(#value),
        };
        let write = at.write();
        out.extend(quote!(#[br(#(#br),*)] #[bw(#write)]));
        out.extend(valid_checks(field, bits, list, &at.path).map_err(|m| fail(&m))?);
        if let Some(n) = &count {
            let (id, write) = (ident(&field.id), n.rust(Side::Write));
            let check = quote!(usize::try_from(#write).is_ok_and(|n| n == #id.len()));
            let message = format!(
                "{} must hold {} elements",
                at.path,
                source(&n.rust(Side::Read))
            );
            let check = super::emit::field_check(&at.path, &check, &message, &[]);
            out.extend(check);
        }
        let id = ident(&field.id);
        out.extend(quote!(pub #id: #ty,));
        Ok(Some(out))
    }

    /// Ends the open run (before a byte-aligned field and at the end of the record): the bits
    /// left in the current byte, kept in a field.
    pub fn close(&mut self) -> TokenStream {
        let Some((state, last)) = self.open.take() else {
            return TokenStream::new();
        };
        let pad = format_ident!("_bit_pad{}", self.next);
        self.next += 1;
        let state = ident(&state);
        let doc = format!(
            " The bits after `{last}` up to the byte boundary, which the schema skips (kept so"
        );
        quote! {
            #[doc = #doc]
            #[doc = " that writing is byte-exact)."]
            #[br(parse_with = ks_bits_align, args_raw = &#state)]
            #[bw(write_with = ks_bits_align_write, args_raw = &#state)]
            pub #pad: u8,
        }
    }
}

/// The reader's and writer's checks of a bit field's `valid` (`eq`, `min`/`max`, `any-of`,
/// `expr`), on the integer it holds (each element of a list, whose `valid` the schema reader
/// keeps as an expression). Not on a `b1` (a boolean, which the integer forms cannot name), an
/// enum or a conditional field, whose checks would need another translation of the condition.
fn valid_checks(field: &Field, bits: u32, list: bool, path: &str) -> Result<TokenStream, String> {
    if field.valid.is_none() && field.valid_expr.is_none() && !field.valid_in_enum {
        return Ok(TokenStream::new());
    }
    if bits == 1 || field.enum_name.is_some() || field.cond.is_some() {
        return Err(
            "`valid` on a `b1`, enum or conditional bit field is not supported by the binrw backend"
                .into(),
        );
    }
    let element = ident(rust_type(bits)).into_token_stream();
    if let Some(cond) = &field.valid_expr {
        return super::valid::checks(path, &field.id, cond, &element, &Element::Int, list);
    }
    let Some(valid) = &field.valid else {
        return Ok(TokenStream::new());
    };
    let read = valid_check(Checked::Read(&field.id), valid, true);
    let write = valid_check(Checked::Write(&field.id), valid, true);
    let Some((read, write)) = read.zip(write) else {
        return Ok(TokenStream::new());
    };
    let message = format!("invalid {path} {{}}");
    let id = ident(&field.id).into_token_stream();
    let read = check(Check::Read, &read, &message, std::slice::from_ref(&id));
    let write = field_check(path, &write, &message, &[id]);
    Ok(quote!(#read #write))
}

/// `KsBitValue` for a Kaitai enum of a module with bit fields: a value that does not fit in
/// 64 bits is refused by the writer's width check.
pub(super) fn enum_impl(rust_name: &str) -> TokenStream {
    let name = ident(rust_name);
    quote! {
        impl KsBitValue for #name {
            fn from_bits(bits: u64) -> Self {
                #name::from(i128::from(bits))
            }
            fn to_bits(&self) -> u64 {
                u64::try_from(i128::from(*self)).unwrap_or(u64::MAX)
            }
        }
    }
}

/// What a module with bit fields imports: the runtime module and the items it may name.
pub const RUNTIME: (&str, &[&str]) = (
    "bits",
    &[
        "KsBits",
        "KsBitValue",
        "ks_bits_read",
        "ks_bits_read_n",
        "ks_bits_read_eos",
        "ks_bits_write",
        "ks_bits_align",
        "ks_bits_align_write",
    ],
);

#[cfg(test)]
mod tests {
    use super::*;

    fn generate_one(tag: &str, ksy: &str) -> Result<String, crate::SchemaError> {
        let tag = format!("bits-{tag}");
        crate::binrw::generate_from(&tag, &[("b.ksy", ksy)], "b").map(|m| m.source)
    }

    #[test]
    fn valid_on_a_bit_field_is_checked_or_refused() {
        let ksy = "meta: {id: b}\nseq:\n  - {id: flag, type: b1}\n  - {id: n, type: b7, valid: {min: 1, max: 100}}\n";
        let src = generate_one("ok", ksy).unwrap();
        assert!(src.contains("(1..=100).contains(&n)"), "{src}");
        assert!(src.contains("(1..=100).contains(n)"), "{src}");
        // On a list, every element.
        let eos = ksy.replace("max: 100}", "max: 100}, repeat: eos");
        let src = generate_one("eos", &eos).unwrap();
        let each =
            "n.iter().all(|x: &u8| (i128::from(*x) >= 1i128) && (i128::from(*x) <= 100i128))";
        assert_eq!(src.matches(each).count(), 2, "{src}");
        for (tag, bad) in [
            ("b1", ksy.replace("b1}", "b1, valid: {eq: 1}}")),
            ("if", ksy.replace("max: 100}", "max: 100}, if: flag")),
            (
                "enum",
                format!(
                    "{}enums:\n  e:\n    1: one\n",
                    ksy.replace("b7,", "b7, enum: e,")
                ),
            ),
        ] {
            let err = generate_one(tag, &bad).unwrap_err();
            let at = if tag == "b1" { "/seq/0" } else { "/seq/1" };
            assert_eq!(err.yaml_path, at, "{tag}: {err}");
            assert!(err.message.contains("`valid`"), "{tag}: {err}");
        }
    }

    #[test]
    fn bit_types() {
        let width = |name| crate::binrw::schema::KsType::parse(name).bits();
        assert_eq!(width("b1"), Some((1, None)));
        assert_eq!(width("b64"), Some((64, None)));
        assert_eq!(width("b6be"), Some((6, Some(true))));
        assert_eq!(width("b12le"), Some((12, Some(false))));
        for bad in ["b0", "b65", "b", "ble", "b05", "bool", "b2x"] {
            assert_eq!(width(bad), None, "{bad}");
        }
        assert_eq!(rust_type(1), "bool");
        assert_eq!(rust_type(9), "u16");
        assert_eq!(rust_type(33), "u64");
    }
}
