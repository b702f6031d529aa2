//! The Unreal Engine serialization core shared by the GVAS and Satisfactory crates: `FString`, `FName`,
//! `FText`, `FGuid`, and the tagged property system (`FPropertyTag`, every property type, native and
//! property-list structs, Array/Set/Map), for UE4, UE5 and the UE 5.4+ complete-type-name tags.
//!
//! Reading works on byte slices through a bounds-checked cursor; every count is checked against the
//! bytes left before anything is allocated. Values that cannot be decoded (or whose decoded size
//! disagrees with their tag) are kept as [`PropertyValue::Raw`] and written back unchanged, unless
//! [`PropertyContext::strict`] asks for an error instead. Sizes are recomputed from the model on write.
#![deny(missing_docs)]

pub mod chunked;
mod container;
mod context;
mod cursor;
mod error;
mod fguid;
mod float;
mod fstring;
mod ftext;
mod native_struct;
mod object_reference;
mod property;
mod property_tag;
mod tarray;

pub use container::{ArrayValue, MapValue, SetValue};
pub use context::{PropertyContext, StructHints};
pub use error::Error;
pub use fguid::FGuid;
pub use float::{F32, F64};
pub use fstring::{FName, FString};
pub use ftext::{FText, FormatArgumentValue, NumberFormattingOptions, TextHistory};
pub use native_struct::{
    FBox, FBox2D, FColor, FIntPoint, FIntVector, FLinearColor, FQuat, FRotator, FSoftObjectPath,
    FVector, FVector2D, FVector4, Real, StructValue,
};
pub use object_reference::FObjectReferenceDisc;
pub use property::{FFieldPath, FScriptDelegate, Property, PropertyList, PropertyValue};
pub use property_tag::{FPropertyTag, FPropertyTypeName, TagExtension};
pub use tarray::{Count32, Count64, CountType, TArray, TMap};
