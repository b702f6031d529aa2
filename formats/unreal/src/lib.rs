//! The Unreal Engine serialization core shared by the GVAS and Satisfactory crates: `FString`, `FName`,
//! `FText`, `FGuid`, `TArray`/`TMap`, the compressed chunk archive ([`chunked`]) and the tagged property
//! system (`FPropertyTag`, every property type, native and property-list structs, Array/Set/Map), for
//! UE4, UE5 (large world coordinates from package 1004), the UE5 tag extension (1011), the UE 5.4+
//! complete-type-name tags (1012) and UE 5.6's UTF-8 strings (`Utf8StrProperty`, soft object sub-paths).
//!
//! ```text
//! let ctx = PropertyContext::new(header.package_ue4, header.package_ue5);   // + ctx.hints.insert("A.Key", "Vector")
//! let (list, used) = PropertyList::read(&body[at..], at, &ctx)?;             // error: path + absolute offset
//! let mut out = Vec::new();
//! list.write(&ctx, &mut out)?;                                              // == body[at..at + used]
//! ```
//!
//! Reading works on byte slices through a bounds-checked cursor; every count is checked against the
//! bytes left before anything is allocated, and nesting depth is bounded. Values that cannot be decoded
//! (or whose decoded size disagrees with their tag) are kept as [`PropertyValue::Raw`] and written back
//! unchanged, unless [`PropertyContext::strict`] asks for an error instead. Sizes are recomputed from the
//! model on write. Map/Set struct element types, which tags before UE 5.4 do not record, come from
//! [`StructHints`] keyed by property path, else from a look at the bytes (property list or `Guid`).
#![deny(missing_docs)]

mod access;
pub mod binrw_error;
pub mod chunked;
mod container;
mod context;
pub mod cursor;
pub mod depth;
mod engine_version;
mod error;
pub mod escape;
mod fguid;
mod float;
mod fstring;
mod ftext;
pub mod json;
pub mod layout;
mod native_hook;
mod native_struct;
mod object_reference;
mod property;
mod property_binrw;
mod property_tag;
mod shape;
mod tarray;

pub use container::{ArrayValue, MapValue, SetValue};
pub use context::{
    NameMode, NamePool, PropertyContext, StructHints,
    UE5_PROPERTY_TAG_EXTENSION_AND_OVERRIDABLE_SERIALIZATION,
};
pub use engine_version::{FCustomVersion, FEngineVersion};
pub use error::Error;
pub use fguid::FGuid;
pub use float::{F32, F64};
pub use fstring::{FName, FString};
pub use ftext::{
    ArgumentDataValue, DATE_TIME_STYLE_CUSTOM, EDITOR_OBJECT_VERSION, FText, FormatArgumentData,
    FormatArgumentValue, MAX_TEXT_DEPTH, NumberFormattingOptions, TextHistory, TextVersions,
    UE5_RELEASE_STREAM_OBJECT_VERSION,
};
pub use native_hook::{
    MAX_NATIVE_DEPTH, NativeHook, NativeStruct, NativeStructs, NativeValue, with_native_structs,
};
pub use native_struct::{
    FAstroDatumRef, FBox, FBox2D, FColor, FIntPoint, FIntVector, FLinearColor,
    FORTNITE_MAIN_BRANCH_OBJECT_VERSION, FQuat, FRotator, FSoftObjectPath, FVector, FVector2D,
    FVector4, NATIVE_STRUCT_NAMES, Real, SOFT_OBJECT_PATH_UTF8_SUB_PATHS, StructValue,
};
pub use object_reference::FObjectReferenceDisc;
pub use property::{
    FFieldPath, FScriptDelegate, MAX_DEPTH, Property, PropertyList, PropertyReader, PropertyValue,
};
pub use property_tag::{
    EXTENSION_EXTERNAL_OBJECTS, EXTENSION_OVERRIDABLE, FPropertyTag, FPropertyTypeName,
    MAX_TYPE_DEPTH, TagExtension, TagExtras, TagFields,
};
pub use tarray::{Count32, Count64, CountType, TArray, TMap};
