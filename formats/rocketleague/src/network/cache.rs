//! Class net cache preparation: for every object, its spawn data and the attributes its actors
//! replicate (own class properties plus every ancestor's), keyed by stream id.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::LazyLock;

use super::NetworkContext;
use super::attributes::AttributeKind;
use super::data::{ATTRIBUTES, LEVEL_OBJECT_PREFIXES, PARENT_CLASSES, SPAWN_CLASSES, Spawn};

/// Most inherited property entries kept over all classes (real replays need a few ten thousand);
/// bounds the memory a hostile class net cache can make us spend.
const PROPERTY_BUDGET: usize = 1 << 22;

/// One replicated property of a class; its stream id is its index in the class's table. Four
/// bytes, the stream id left out and the object id in 16 bits (the frame loop refuses longer
/// objects lists): the tables are most of the heap a parse needs beside its model, and the
/// fixed heap is most of the peak of a short replay.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Prop {
    pub(crate) object_id: u16,
    /// `None` when the data tables do not know the property (fails only if it is replicated).
    pub(crate) kind: Option<AttributeKind>,
}

/// Everything needed to read an updated actor of one class.
#[derive(Debug, Clone)]
pub(crate) struct ClassInfo {
    /// Exclusive maximum of the stream id (`bmc` maximum).
    pub(crate) max_prop_id: u64,
    /// `bmc` bit count for stream ids.
    pub(crate) prop_bits: u32,
    /// Stream id -> its property (`None`: the class has none with that id): dense, so the
    /// frame loop finds a property in one load. In stream id order, it also lists the
    /// properties a subclass inherits.
    by_stream: Vec<Option<Prop>>,
}

impl ClassInfo {
    /// A class from its (stream id, property) pairs.
    fn new(mut props: Vec<(u32, Prop)>) -> Self {
        // Later entries (subclasses) override earlier ones with the same stream id.
        props.reverse();
        props.sort_by_key(|&(id, _)| id);
        props.dedup_by_key(|&mut (id, _)| id);
        let max = props.last().map_or(2, |&(id, _)| u64::from(id).max(2)) + 1;
        let prop_bits = (64 - max.leading_zeros()).max(1) - 1;
        let mut by_stream = vec![None; max as usize];
        for (id, p) in props {
            by_stream[id as usize] = Some(p);
        }
        ClassInfo {
            max_prop_id: max,
            prop_bits,
            by_stream,
        }
    }

    #[inline]
    pub(crate) fn prop(&self, stream_id: u32) -> Option<&Prop> {
        self.by_stream.get(stream_id as usize)?.as_ref()
    }

    /// The (stream id, property) pairs, in stream id order.
    fn props(&self) -> impl Iterator<Item = (u32, Prop)> + '_ {
        (0u32..)
            .zip(&self.by_stream)
            .filter_map(|(id, p)| Some((id, (*p)?)))
    }
}

/// Prepared per-object data for a replay.
pub(crate) struct Prepared {
    /// Per object index: spawn data and index into `classes` (at most one class per object,
    /// and the objects list has a 32-bit count, so the index fits 32 bits).
    pub(crate) objects: Vec<(Spawn, u32)>,
    pub(crate) classes: Vec<ClassInfo>,
}

/// Table key for an object name: level objects lose their map prefix and numeric suffix.
fn normalize<'n>(name: &'n str, level_keys: &[(&'static str, &'static str)]) -> &'n str {
    let rest = name.strip_prefix(LEVEL).or_else(|| {
        let dot = name.find('.')?;
        name[dot + 1..].strip_prefix(LEVEL)
    });
    let Some(rest) = rest else { return name };
    level_keys
        .iter()
        .find(|(class, _)| rest.starts_with(class))
        .map_or(name, |(_, key)| key)
}

const LEVEL: &str = "TheWorld:PersistentLevel.";

/// Each level object class with its `TheWorld:PersistentLevel.<Class>` parent-table key, in
/// [`LEVEL_OBJECT_PREFIXES`] order (classes without a key are left out).
fn level_keys() -> Vec<(&'static str, &'static str)> {
    LEVEL_OBJECT_PREFIXES
        .iter()
        .filter_map(|class| {
            PARENT_CLASSES
                .iter()
                .map(|(k, _)| *k)
                .find(|k| k.strip_prefix(LEVEL) == Some(class))
                .map(|key| (*class, key))
        })
        .collect()
}

/// FxHash-style multiply-rotate hasher for the static game-knowledge maps. Their keys are fixed,
/// so a probe with a name from the file costs at most the fixed tables' own probe lengths: the
/// flood resistance of the default SipHash buys nothing there, and hashing was ~40% of
/// [`prepare`]. Maps keyed by the file's own names keep the default hasher. It also hashes the
/// large attribute values that [`LargeValues`](super::large::LargeValues) stores once: there a
/// collision only costs a value its sharing, and SipHash took 6% of a full parse.
#[derive(Default, Clone, Copy)]
pub(crate) struct TableHasher(u64);

impl TableHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for TableHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut rest = bytes;
        while let Some((word, tail)) = rest.split_first_chunk::<8>() {
            self.add(u64::from_le_bytes(*word));
            rest = tail;
        }
        let mut last = [0u8; 8];
        last[..rest.len()].copy_from_slice(rest);
        self.add(u64::from_le_bytes(last));
    }

    #[inline]
    fn write_u8(&mut self, byte: u8) {
        self.add(u64::from(byte));
    }

    /// The multiply leaves the low bits (the bucket index) weakest: rotate the strong high ones
    /// down.
    #[inline]
    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }
}

type StaticMap<V> = HashMap<&'static str, V, BuildHasherDefault<TableHasher>>;

/// A class the parent table names as a parent, by its index in [`Tables::ancestors`]: the walk
/// up a hierarchy goes index to index, where looking each ancestor up by name (normalizing it,
/// then probing three maps) cost ~300 instructions a step and half the parse of a short replay.
#[derive(Clone, Copy)]
struct Ancestor {
    /// This class's own parent, when the table names one.
    parent: Option<u16>,
    /// The spawn data this class decides, if any.
    spawn: Option<Spawn>,
}

/// The game-knowledge tables as maps, built once per process rather than once per replay.
struct Tables {
    /// Normalized object name ([`normalize`]) -> its parent class, as an index in `ancestors`.
    parents: StaticMap<u16>,
    spawns: StaticMap<Spawn>,
    kinds: StaticMap<AttributeKind>,
    level_keys: Vec<(&'static str, &'static str)>,
    /// Every class the parent table names as a parent -> its index in `ancestors`.
    ancestor_ids: StaticMap<u16>,
    ancestors: Vec<Ancestor>,
}

/// The parent table fits the 16-bit ancestor indices.
const _: () = assert!(PARENT_CLASSES.len() <= u16::MAX as usize);

static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let level_keys = level_keys();
    let mut ancestor_ids = StaticMap::default();
    for (_, parent) in PARENT_CLASSES {
        let next = ancestor_ids.len() as u16;
        ancestor_ids.entry(*parent).or_insert(next);
    }
    let parents: StaticMap<u16> = PARENT_CLASSES
        .iter()
        .map(|(class, parent)| (*class, ancestor_ids[parent]))
        .collect();
    let spawns: StaticMap<Spawn> = SPAWN_CLASSES.iter().copied().collect();
    let mut ancestors = vec![
        Ancestor {
            parent: None,
            spawn: None
        };
        ancestor_ids.len()
    ];
    for (&name, &id) in &ancestor_ids {
        ancestors[id as usize] = Ancestor {
            parent: parents.get(normalize(name, &level_keys)).copied(),
            spawn: spawns.get(name).copied(),
        };
    }
    Tables {
        parents,
        spawns,
        kinds: ATTRIBUTES.iter().copied().collect(),
        level_keys,
        ancestor_ids,
        ancestors,
    }
});

struct Builder {
    /// Per ancestor index: the first object index naming that class, if the replay names it.
    present: Vec<Option<usize>>,
    tables: &'static Tables,
}

impl Builder {
    /// Object indices from object `index` (named `name`) up through its ancestors (ancestors
    /// absent from the replay are skipped), and the spawn data of the nearest one that decides it.
    fn hierarchy(&self, index: usize, name: &str, out: &mut Vec<usize>) -> Spawn {
        out.clear();
        out.push(index);
        let t = self.tables;
        let mut spawn = t.spawns.get(name).copied();
        let mut parent = t.parents.get(normalize(name, &t.level_keys)).copied();
        // The parent table is finite and acyclic; the bound guards against a bad edit to it.
        for _ in 0..t.ancestors.len() {
            let Some(id) = parent else { break };
            if let Some(i) = self.present[id as usize] {
                out.push(i);
            }
            let ancestor = t.ancestors[id as usize];
            spawn = spawn.or(ancestor.spawn);
            parent = ancestor.parent;
        }
        spawn.unwrap_or(Spawn::None)
    }
}

/// Builds the per-object tables from the replay's objects and class net cache.
pub(crate) fn prepare(ctx: &NetworkContext<'_>) -> Result<Prepared, String> {
    let objects = ctx.objects;
    let tables: &'static Tables = &TABLES;
    // The one map keyed by the file's own names, so it keeps the flood-resistant default hasher.
    let mut first_index = HashMap::with_capacity(objects.len());
    let first_of: Vec<usize> = objects
        .iter()
        .enumerate()
        .map(|(i, name)| *first_index.entry(name.as_str()).or_insert(i))
        .collect();
    let mut present = vec![None; tables.ancestors.len()];
    for (i, name) in objects.iter().enumerate() {
        if let Some(&id) = tables.ancestor_ids.get(&*name.as_str()) {
            present[id as usize].get_or_insert(i);
        }
    }
    let b = Builder { present, tables };

    // Per object index (entries naming no object are never looked up): its classes' own
    // properties, in entry order.
    let mut own: Vec<Vec<(u32, Prop)>> = vec![Vec::new(); objects.len()];
    for entry in ctx.net_cache {
        let Some(props) = own.get_mut(entry.object_id as usize) else {
            continue;
        };
        // A property naming no object (or one past 16 bits) cannot be decoded: its stream id
        // is left unknown.
        props.extend(entry.properties.iter().filter_map(|p| {
            let name = objects.get(p.object_id as usize)?;
            let prop = Prop {
                object_id: u16::try_from(p.object_id).ok()?,
                kind: tables.kinds.get(&*name.as_str()).copied(),
            };
            Some((p.stream_id, prop))
        }));
    }

    let mut spawn: Vec<Spawn> = vec![Spawn::None; objects.len()];
    let mut class_of: Vec<Option<usize>> = vec![None; objects.len()];
    let mut classes: Vec<ClassInfo> = vec![ClassInfo::new(Vec::new())];
    let mut chain = Vec::new();
    let mut budget = PROPERTY_BUDGET;
    for (i, name) in objects.iter().enumerate() {
        if first_of[i] != i {
            continue;
        }
        spawn[i] = b.hierarchy(i, &name.as_str(), &mut chain);
        resolve_class(&chain, &own, &mut class_of, &mut classes, &mut budget)?;
    }
    let prepared_objects = first_of
        .iter()
        .map(|&first| (spawn[first], class_of[first].unwrap_or(0) as u32))
        .collect();
    Ok(Prepared {
        objects: prepared_objects,
        classes,
    })
}

fn resolve_class(
    chain: &[usize],
    own: &[Vec<(u32, Prop)>],
    class_of: &mut [Option<usize>],
    classes: &mut Vec<ClassInfo>,
    budget: &mut usize,
) -> Result<(), String> {
    let found = chain.iter().position(|&i| class_of[i].is_some());
    let mut acc: Vec<(u32, Prop)> = match found.and_then(|p| class_of[chain[p]]) {
        Some(c) => classes[c].props().collect(),
        None => Vec::new(),
    };
    for &i in chain[..found.unwrap_or(chain.len())].iter().rev() {
        acc.extend_from_slice(&own[i]);
        // Each class keeps a dense table up to its largest stream id, built from this list.
        let largest = acc.iter().map(|&(id, _)| id as usize).max().unwrap_or(0);
        *budget = budget
            .checked_sub(acc.len() + largest + 1)
            .ok_or("class net cache expands to too many inherited properties")?;
        if acc.is_empty() {
            // Index 0 is the shared class without properties.
            class_of[i] = Some(0);
            continue;
        }
        classes.push(ClassInfo::new(acc.clone()));
        class_of[i] = Some(classes.len() - 1);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::{ClassNetCacheEntry, ClassNetCacheProperty};
    use crate::network::VersionTriple;
    use crate::strings::String16;

    /// Spawn data and inherited properties follow the parent table through ancestors the replay
    /// names (first occurrence of a repeated name) and past ones it does not; a level object is
    /// looked up by its class's `TheWorld:PersistentLevel` key.
    #[test]
    fn hierarchies_follow_the_parent_table() {
        let names = [
            "Engine.Actor",                                                 // 0
            "Archetypes.Car.Car_Default",                                   // 1
            "TAGame.RBActor_TA",                                            // 2
            "TAGame.Car_TA",                                                // 3
            "TAGame.Car_TA",                                                // 4
            "Stadium_P.TheWorld:PersistentLevel.VehiclePickup_Boost_TA_12", // 5
            "TAGame.VehiclePickup_TA",                                      // 6
            "Engine.Actor:Location",                                        // 7, a property
            "TAGame.RBActor_TA:ReplicatedRBState",                          // 8, a property
        ];
        let objects: Vec<String16> = names.iter().map(|n| String16::new(n)).collect();
        let entry = |object_id, stream_id, property| ClassNetCacheEntry {
            object_id,
            parent_id: 0,
            cache_id: 0,
            properties: vec![ClassNetCacheProperty {
                object_id: property,
                stream_id,
            }],
        };
        let net_cache = [entry(0, 1, 7), entry(2, 4, 8), entry(6, 3, 7)];
        let ctx = NetworkContext {
            version: VersionTriple::new(868, 32, 10),
            num_frames: 0,
            max_channels: 1023,
            is_lan: false,
            is_rl_223: false,
            objects: &objects,
            net_cache: &net_cache,
        };
        let prepared = prepare(&ctx).unwrap();
        let stream_ids = |object: usize| -> Vec<(u32, u16)> {
            let class = &prepared.classes[prepared.objects[object].1 as usize];
            class.props().map(|(id, p)| (id, p.object_id)).collect()
        };
        // The car archetype: RBActor_TA decides its spawn before Engine.Actor does; it inherits
        // both classes' properties.
        assert_eq!(prepared.objects[1].0, Spawn::LocationAndRotation);
        assert_eq!(stream_ids(1), [(1, 7), (4, 8)]);
        // A repeated name shares its first occurrence's class.
        assert_eq!(prepared.objects[4].1, prepared.objects[3].1);
        assert_eq!(stream_ids(4), [(1, 7), (4, 8)]);
        // The boost pad: VehiclePickup_Boost_TA (absent) decides it spawns without a location,
        // before Engine.Actor would; it inherits VehiclePickup_TA's and Engine.Actor's properties.
        assert_eq!(prepared.objects[5].0, Spawn::None);
        assert_eq!(stream_ids(5), [(1, 7), (3, 7)]);
        // A property name is no class: no spawn data, no properties.
        assert_eq!(prepared.objects[7].0, Spawn::None);
        assert_eq!(stream_ids(7), []);
    }
}
