//! Class net cache preparation: for every object, its spawn data and the attributes its actors
//! replicate (own class properties plus every ancestor's), keyed by stream id.

use std::collections::HashMap;
use std::sync::LazyLock;

use super::attributes::AttributeKind;
use super::data::{ATTRIBUTES, LEVEL_OBJECT_PREFIXES, PARENT_CLASSES, SPAWN_CLASSES, Spawn};
use super::{NetCacheEntry, NetworkContext};

/// Most inherited property entries kept over all classes (real replays need a few ten thousand);
/// bounds the memory a hostile class net cache can make us spend.
const PROPERTY_BUDGET: usize = 1 << 22;

/// One replicated property of a class.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Prop {
    pub(crate) stream_id: u32,
    pub(crate) object_id: u32,
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
    /// Properties sorted by stream id, one per id.
    props: Vec<Prop>,
    /// Stream id -> index into `props` plus one (0: no such property); dense for a direct lookup.
    by_stream: Vec<u32>,
}

impl ClassInfo {
    fn new(mut props: Vec<Prop>) -> Self {
        // Later entries (subclasses) override earlier ones with the same stream id.
        props.reverse();
        props.sort_by_key(|p| p.stream_id);
        props.dedup_by_key(|p| p.stream_id);
        let max = props.last().map_or(2, |p| u64::from(p.stream_id).max(2)) + 1;
        let prop_bits = (64 - max.leading_zeros()).max(1) - 1;
        let mut by_stream = vec![0u32; max as usize];
        for (i, p) in props.iter().enumerate() {
            by_stream[p.stream_id as usize] = i as u32 + 1;
        }
        ClassInfo {
            max_prop_id: max,
            prop_bits,
            props,
            by_stream,
        }
    }

    #[inline]
    pub(crate) fn prop(&self, stream_id: u32) -> Option<&Prop> {
        let slot = *self.by_stream.get(stream_id as usize)?;
        self.props.get((slot as usize).checked_sub(1)?)
    }
}

/// Prepared per-object data for a replay.
pub(crate) struct Prepared {
    /// Per object index: spawn data and index into `classes`.
    pub(crate) objects: Vec<(Spawn, usize)>,
    pub(crate) classes: Vec<ClassInfo>,
}

/// Table key for an object name: level objects lose their map prefix and numeric suffix.
fn normalize(name: &str) -> &str {
    const LEVEL: &str = "TheWorld:PersistentLevel.";
    let rest = name.strip_prefix(LEVEL).or_else(|| {
        let dot = name.find('.')?;
        name[dot + 1..].strip_prefix(LEVEL)
    });
    let Some(rest) = rest else { return name };
    LEVEL_OBJECT_PREFIXES
        .iter()
        .filter(|class| rest.starts_with(*class))
        .find_map(|class| {
            PARENT_CLASSES
                .iter()
                .map(|(k, _)| *k)
                .find(|k| k.strip_prefix(LEVEL) == Some(class))
        })
        .unwrap_or(name)
}

/// The game-knowledge tables as maps, built once per process rather than once per replay.
struct Tables {
    parents: HashMap<&'static str, &'static str>,
    spawns: HashMap<&'static str, Spawn>,
    kinds: HashMap<&'static str, AttributeKind>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| Tables {
    parents: PARENT_CLASSES.iter().copied().collect(),
    spawns: SPAWN_CLASSES.iter().copied().collect(),
    kinds: ATTRIBUTES.iter().copied().collect(),
});

struct Builder<'a> {
    first_index: HashMap<&'a str, usize>,
    tables: &'static Tables,
}

impl<'a> Builder<'a> {
    /// Object indices from `name` up through its ancestors (names absent from the replay are
    /// skipped), and the spawn data of the nearest ancestor that decides it.
    fn hierarchy(&self, name: &'a str, out: &mut Vec<usize>) -> Spawn {
        out.clear();
        let mut spawn = None;
        let mut current: &str = name;
        // The parent table is finite and acyclic; the bound guards against a bad edit to it.
        for _ in 0..=PARENT_CLASSES.len() {
            if let Some(&i) = self.first_index.get(current) {
                out.push(i);
            }
            if spawn.is_none() {
                spawn = self.tables.spawns.get(current).copied();
            }
            match self.tables.parents.get(normalize(current)) {
                Some(parent) => current = parent,
                None => break,
            }
        }
        spawn.unwrap_or(Spawn::None)
    }
}

/// Builds the per-object tables from the replay's objects and class net cache.
pub(crate) fn prepare(ctx: &NetworkContext<'_>) -> Result<Prepared, String> {
    let objects = ctx.objects;
    let mut first_index = HashMap::with_capacity(objects.len());
    for (i, name) in objects.iter().enumerate() {
        first_index.entry(name.as_str()).or_insert(i);
    }
    let b = Builder {
        first_index,
        tables: &TABLES,
    };
    let kinds = &b.tables.kinds;

    let mut own: HashMap<usize, Vec<Prop>> = HashMap::new();
    for entry in ctx.net_cache {
        own.entry(entry.object_index as usize)
            .or_default()
            .extend(entry.properties.iter().map(|p| {
                Prop {
                    stream_id: p.stream_id,
                    object_id: p.object_index,
                    kind: objects
                        .get(p.object_index as usize)
                        .and_then(|n| kinds.get(n.as_str()).copied()),
                }
            }));
    }

    let mut spawn: Vec<Spawn> = vec![Spawn::None; objects.len()];
    let mut class_of: Vec<Option<usize>> = vec![None; objects.len()];
    let mut classes: Vec<ClassInfo> = vec![ClassInfo::new(Vec::new())];
    let mut chain = Vec::new();
    let mut budget = PROPERTY_BUDGET;
    for (i, name) in objects.iter().enumerate() {
        if b.first_index.get(name.as_str()) != Some(&i) {
            continue;
        }
        spawn[i] = b.hierarchy(name, &mut chain);
        resolve_class(&chain, &own, &mut class_of, &mut classes, &mut budget)?;
    }
    let prepared_objects = objects
        .iter()
        .map(|name| {
            let first = b.first_index.get(name.as_str()).copied().unwrap_or(0);
            (spawn[first], class_of[first].unwrap_or(0))
        })
        .collect();
    Ok(Prepared {
        objects: prepared_objects,
        classes,
    })
}

fn resolve_class(
    chain: &[usize],
    own: &HashMap<usize, Vec<Prop>>,
    class_of: &mut [Option<usize>],
    classes: &mut Vec<ClassInfo>,
    budget: &mut usize,
) -> Result<(), String> {
    let found = chain.iter().position(|&i| class_of[i].is_some());
    let mut acc: Vec<Prop> = match found.and_then(|p| class_of[chain[p]]) {
        Some(c) => classes[c].props.clone(),
        None => Vec::new(),
    };
    for &i in chain[..found.unwrap_or(chain.len())].iter().rev() {
        if let Some(props) = own.get(&i) {
            acc.extend_from_slice(props);
        }
        // Each class keeps its properties and a dense table up to its largest stream id.
        let largest = acc.iter().map(|p| p.stream_id as usize).max().unwrap_or(0);
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

impl NetCacheEntry {
    /// Convenience constructor for tests and callers holding plain tuples.
    pub fn new(
        object_index: u32,
        parent_id: u32,
        cache_id: u32,
        properties: &[(u32, u32)],
    ) -> Self {
        NetCacheEntry {
            object_index,
            parent_id,
            cache_id,
            properties: properties
                .iter()
                .map(|&(object_index, stream_id)| super::NetCacheProperty {
                    object_index,
                    stream_id,
                })
                .collect(),
        }
    }
}
