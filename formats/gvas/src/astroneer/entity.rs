//! Entity containers (`/Script/Astro.*Container` objects): Astroneer's entity-component tables.
//!
//! A container is a sparse table of datums (entities in `AstroEntityContainer`, components of one
//! kind in each `*ComponentContainer`): a header with the slot table, then each live datum as its own
//! `AstroDatumRef`, a tagged property list (string-pool names, like object data) and its links. The
//! field meanings beyond the layout are read off real saves: every `AstroDatumRef` in object
//! properties points into one of these containers, and the links agree with each other (an entity's
//! children name it as their parent).

use binrw::io::Cursor;
use binrw::{BinRead, BinResult, BinWrite, binrw};
use serde::{Deserialize, Serialize};
use unreal::{FAstroDatumRef, PropertyContext, PropertyList};

use super::{ListReader, nest, property_error, read_in};

/// The class whose datums are entities; every other container holds components.
const ENTITY_CONTAINER_CLASS: &str = "/Script/Astro.AstroEntityContainer";
/// Fewest bytes a datum takes: its reference, a "None" name and one more reference.
const MIN_DATUM_LEN: u64 = 28;

/// The data of an entity container object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AstroEntityContainer {
    /// The slot table and counters.
    pub header: AstroContainerHeader,
    /// The live datums in stored order.
    pub datums: AstroDatums,
}

/// What precedes a container's datums.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AstroContainerHeader {
    /// The id the next new datum gets (ids count down from -1).
    pub next_id: i32,
    /// Index of the first free slot, -1 when no slot is free.
    pub first_free: i32,
    #[br(temp)]
    #[bw(try_calc = u32::try_from(slots.len()))]
    slot_count: u32,
    /// The slot table: (slot word, id) for used slots, where the entity container sets flag bits
    /// above bit 28 of the word; (next free slot, -1) for free ones.
    #[br(count = slot_count)]
    pub slots: Vec<[i32; 2]>,
    /// An `i32` that is 0 in every known container.
    pub reserved: i32,
}

/// A container's datums: entities or components, which differ in their links.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum AstroDatums {
    /// `AstroEntityContainer`.
    Entities(Vec<AstroDatum<AstroEntityLinks>>),
    /// Every `*ComponentContainer`: each component's link is its owning entity.
    Components(Vec<AstroDatum<FAstroDatumRef>>),
}

/// One datum: its reference (index, id, container object), its properties and its links.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AstroDatum<L> {
    /// This datum's own reference.
    pub reference: FAstroDatumRef,
    /// Its tagged properties.
    pub properties: PropertyList,
    /// Its links to other datums.
    pub links: L,
}

/// An entity's links to its components and to other entities.
#[binrw]
#[brw(little)]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AstroEntityLinks {
    /// Its root (scene) component, also listed in `components`; index -1 for none.
    pub root_component: FAstroDatumRef,
    #[br(temp)]
    #[bw(try_calc = u32::try_from(components.len()))]
    component_count: u32,
    /// Its components.
    #[br(count = component_count)]
    pub components: Vec<FAstroDatumRef>,
    /// The entity it is attached to; index -1 for none.
    pub parent: FAstroDatumRef,
    #[br(temp)]
    #[bw(try_calc = u32::try_from(children.len()))]
    child_count: u32,
    /// Entities attached to it.
    #[br(count = child_count)]
    pub children: Vec<FAstroDatumRef>,
}

impl AstroEntityContainer {
    /// Decodes the data `bytes` (at `pos`) of a container of class `class_name`.
    pub(super) fn read(
        bytes: &[u8],
        pos: u64,
        class_name: &str,
        lists: &ListReader<'_>,
    ) -> BinResult<Self> {
        let mut reader = Cursor::new(bytes);
        let header: AstroContainerHeader = read_in(&mut reader, pos, "container header")?;
        let count: u32 = read_in(&mut reader, pos, "datum count")?;
        let left = bytes.len() as u64 - reader.position();
        if u64::from(count) * MIN_DATUM_LEN > left {
            return Err(super::assert_fail(
                pos + reader.position(),
                format!("{count} datums do not fit in the {left} bytes left"),
            ));
        }
        let datums = if class_name == ENTITY_CONTAINER_CLASS {
            AstroDatums::Entities(read_datums(&mut reader, count, pos, lists)?)
        } else {
            AstroDatums::Components(read_datums(&mut reader, count, pos, lists)?)
        };
        let used = reader.position();
        if used != bytes.len() as u64 {
            return Err(super::assert_fail(
                pos + used,
                format!("{} bytes after the datums", bytes.len() as u64 - used),
            ));
        }
        Ok(AstroEntityContainer { header, datums })
    }

    /// Appends the container's data.
    pub(super) fn put(&self, ctx: &PropertyContext, out: &mut Vec<u8>) -> BinResult<()> {
        crate::put_binrw(&self.header, out)?;
        match &self.datums {
            AstroDatums::Entities(datums) => put_datums(datums, ctx, out),
            AstroDatums::Components(datums) => put_datums(datums, ctx, out),
        }
    }

    /// Number of datums.
    pub fn len(&self) -> usize {
        match &self.datums {
            AstroDatums::Entities(d) => d.len(),
            AstroDatums::Components(d) => d.len(),
        }
    }

    /// True when the container holds no datum.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn read_datums<L>(
    reader: &mut Cursor<&[u8]>,
    count: u32,
    pos: u64,
    lists: &ListReader<'_>,
) -> BinResult<Vec<AstroDatum<L>>>
where
    L: for<'a> BinRead<Args<'a> = ()>,
{
    let bytes = *reader.get_ref();
    let mut datums = Vec::with_capacity(count as usize);
    for i in 0..count {
        let segment = format!("datums[{i}]");
        let reference = read_in(reader, pos, "reference").map_err(|e| nest(e, &segment))?;
        let start = reader.position() as usize;
        let (properties, used) = lists
            .read(&bytes[start..], pos as usize + start)
            .map_err(|e| property_error(&format!("{segment}.properties"), e.offset as u64, e))?;
        reader.set_position((start + used) as u64);
        let links = read_in(reader, pos, "links").map_err(|e| nest(e, &segment))?;
        datums.push(AstroDatum {
            reference,
            properties,
            links,
        });
    }
    Ok(datums)
}

fn put_datums<L>(
    datums: &[AstroDatum<L>],
    ctx: &PropertyContext,
    out: &mut Vec<u8>,
) -> BinResult<()>
where
    L: for<'a> BinWrite<Args<'a> = ()>,
{
    let count = u32::try_from(datums.len())
        .map_err(|_| super::assert_fail(0, "more than 2^32 datums".into()))?;
    crate::put_binrw(&count, out)?;
    for (i, datum) in datums.iter().enumerate() {
        crate::put_binrw(&datum.reference, out)?;
        datum.properties.write(ctx, out).map_err(|e| {
            let pos = e.offset as u64;
            property_error(&format!("datums[{i}].properties"), pos, e)
        })?;
        crate::put_binrw(&datum.links, out)?;
    }
    Ok(())
}
