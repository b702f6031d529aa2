//! The serialization-control byte (`EClassSerializationControlExtension`) that UE 5.4+ writes in
//! front of an object's tagged properties, and so in front of a SaveGame's root property list.
//!
//! `UStruct::SerializeVersionedTaggedProperties` writes it for classes only (never for structs, so
//! nested property lists have none) when the archive's `FileVersionUE5` is at least
//! `PROPERTY_TAG_EXTENSION_AND_OVERRIDABLE_SERIALIZATION` (1011). Its bits say what follows before
//! the first tag: `OverridableSerializationInformation` (0x02) adds one `EOverriddenPropertyOperation`
//! byte. Bit 0x01 is reserved by the engine for a second group of extensions whose data is not
//! defined, so it and every unassigned bit are refused: what would follow them is unknown.

use binrw::binrw;
use serde::{Deserialize, Serialize};

/// From this `FileVersionUE5` on, the root property list starts with a [`SerializationControl`].
pub use unreal::UE5_PROPERTY_TAG_EXTENSION_AND_OVERRIDABLE_SERIALIZATION;
/// `EClassSerializationControlExtension::OverridableSerializationInformation`.
pub const OVERRIDABLE_SERIALIZATION_INFORMATION: u8 = 0x02;
/// The extension bits whose data is known.
const KNOWN_EXTENSIONS: u8 = OVERRIDABLE_SERIALIZATION_INFORMATION;

/// The bytes between the header and the root property list of a UE 5.4+ SaveGame.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SerializationControl {
    /// `EClassSerializationControlExtension` bits: 0 (none; what games write), or 0x02.
    #[br(assert(extensions & !KNOWN_EXTENSIONS == 0,
        "serialization control extensions {:#04x}: bits {:#04x} are unknown, and so is the data they announce",
        extensions, extensions & !KNOWN_EXTENSIONS))]
    #[bw(assert(extensions & !KNOWN_EXTENSIONS == 0,
        "serialization_control.extensions {:#04x}: bits {:#04x} are unknown",
        extensions, extensions & !KNOWN_EXTENSIONS))]
    pub extensions: u8,
    /// `EOverriddenPropertyOperation` of the object (0 none, 1 modified, 2 replace, 3 add,
    /// 4 remove, 5 sub-objects shadowing), present exactly when `extensions` has 0x02.
    #[br(if(extensions & OVERRIDABLE_SERIALIZATION_INFORMATION != 0))]
    #[bw(assert(overridable_operation.is_some() == (extensions & OVERRIDABLE_SERIALIZATION_INFORMATION != 0),
        "serialization_control.overridable_operation must be present exactly when extensions has bit 0x02 (extensions {:#04x})",
        extensions))]
    pub overridable_operation: Option<u8>,
}

impl SerializationControl {
    /// No extensions: the single 0 byte games write.
    pub const NONE: SerializationControl = SerializationControl {
        extensions: 0,
        overridable_operation: None,
    };

    /// Whether a body with this `FileVersionUE5` carries the control byte.
    pub fn expected(package_ue5: u32) -> bool {
        package_ue5 >= UE5_PROPERTY_TAG_EXTENSION_AND_OVERRIDABLE_SERIALIZATION
    }
}
