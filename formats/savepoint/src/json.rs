//! Reading JSON as deep as the models allow.
//!
//! serde_json stops at 128 levels, fewer than the nesting the format crates write at their bounds
//! (GVAS property lists 48 deep take about 200). So its limit is off and two bounds take its place:
//! each format's own nesting constant, which its serde impls enforce as they go (the same constant
//! its binary reader and writer use), and [`MAX_JSON_DEPTH`] on the raw text, checked before
//! parsing, which bounds the recursion serde does outside the models' guards (buffered values,
//! unknown fields). Parsing runs on a stack segment that holds that depth, grown on the calling
//! thread (`stacker`): 0.64x-0.86x the time of the same parse on a thread of its own (which
//! allocated the model in a fresh allocator heap), on 30-50 MB of JSON.

use serde::de::DeserializeOwned;

/// Deepest bracket nesting accepted in JSON text: above what any format writes at its bounds.
pub const MAX_JSON_DEPTH: usize = 2048;

/// Stack the parse runs on: room for [`MAX_JSON_DEPTH`] levels of serde frames, unoptimised
/// (2048 levels of buffered arrays overflow 1 MiB and fit in 8 MiB in a debug build).
const PARSE_STACK: usize = 64 << 20;

/// Parses `json`, refusing nesting deeper than [`MAX_JSON_DEPTH`] before serde sees it.
pub(crate) fn from_str<T: DeserializeOwned>(json: &str) -> Result<T, crate::Error> {
    if let Some(at) = too_deep_at(json.as_bytes()) {
        return Err(crate::Error::JsonTooDeep { offset: at });
    }
    on_parse_stack(|| {
        let mut de = serde_json::Deserializer::from_str(json);
        de.disable_recursion_limit();
        let value = match T::deserialize(&mut de) {
            Ok(value) => value,
            Err(_) => return Err(refusal_at_path::<T>(json)),
        };
        de.end()?;
        Ok(value)
    })
}

/// The error of a parse that failed, parsed again tracking the field path (which costs a parse
/// that succeeds nothing, so it is only done once the first one failed).
#[cold]
#[inline(never)]
fn refusal_at_path<T: DeserializeOwned>(json: &str) -> crate::Error {
    let mut de = serde_json::Deserializer::from_str(json);
    de.disable_recursion_limit();
    match serde_path_to_error::deserialize::<_, T>(&mut de) {
        Ok(_) => serde::de::Error::custom("JSON refused, then accepted when parsed again"),
        Err(e) => with_path(e),
    }
    .into()
}

/// `error`'s message followed by the path of the field it is about (if any).
fn with_path(error: serde_path_to_error::Error<serde_json::Error>) -> serde_json::Error {
    let path = error.path().to_string();
    let inner = error.into_inner();
    match path.as_str() {
        "." => inner,
        _ => serde::de::Error::custom(format!("{inner}, field {path}")),
    }
}

/// Converts a JSON tree (e.g. one edited by path) into `T` on the parsing stack, tracking the
/// field path for errors. The tree came from a model, so its nesting is the model's; only the
/// stack needs the room.
pub(crate) fn from_value<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, crate::Error> {
    on_parse_stack(move || serde_path_to_error::deserialize(value).map_err(|e| with_path(e).into()))
}

/// Runs `parse` on a stack of [`PARSE_STACK`] bytes, on this thread.
fn on_parse_stack<T>(parse: impl FnOnce() -> Result<T, crate::Error>) -> Result<T, crate::Error> {
    stacker::grow(PARSE_STACK, parse)
}

/// The byte offset of the first bracket past [`MAX_JSON_DEPTH`], if any (brackets inside strings
/// do not count).
fn too_deep_at(json: &[u8]) -> Option<usize> {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (at, &byte) in json.iter().enumerate() {
        match byte {
            _ if escaped => escaped = false,
            b'\\' if in_string => escaped = true,
            b'"' => in_string = !in_string,
            _ if in_string => {}
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_JSON_DEPTH {
                    return Some(at);
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_counts_brackets_outside_strings() {
        let deep = "[".repeat(MAX_JSON_DEPTH) + &"]".repeat(MAX_JSON_DEPTH);
        assert_eq!(too_deep_at(deep.as_bytes()), None);
        let deeper = format!("[{deep}]");
        assert_eq!(too_deep_at(deeper.as_bytes()), Some(MAX_JSON_DEPTH));
        let quoted = format!("[\"{}\\\"{}\"]", "[".repeat(5000), "{".repeat(5000));
        assert_eq!(too_deep_at(quoted.as_bytes()), None);
    }

    /// Nesting at the text bound with nothing in the models to stop it (an untagged float
    /// buffers whatever it is given) is parsed on the grown stack and refused by type.
    #[test]
    fn text_at_the_bound_is_refused_by_type_without_overflow() {
        let deep = "[".repeat(MAX_JSON_DEPTH) + &"]".repeat(MAX_JSON_DEPTH);
        let err = from_str::<unreal::F32>(&deep).unwrap_err();
        assert!(matches!(err, crate::Error::Json(_)), "{err}");
        let err = from_str::<unreal::F32>(&format!("[{deep}]")).unwrap_err();
        assert!(err.to_string().contains("deeper than 2048"), "{err}");
    }
}
