//! `instances:` of a type: value instances, and `pos` instances, which are read as fields.

use serde_yaml::{Mapping, Value};

use super::cx::Cx;
use super::keys::{check_keys, not_ident, str_key};
use super::{Instance, Positioned};
use crate::SchemaError;

impl Cx<'_> {
    /// The `instances` of the type at `ypath`: value instances, and `pos` instances, which are
    /// read as fields.
    pub(super) fn instances(
        &self,
        ypath: &str,
        map: &Mapping,
    ) -> Result<(Vec<Instance>, Vec<Positioned>), SchemaError> {
        let mut instances = Vec::new();
        let mut positioned = Vec::new();
        if let Some(list) = map.get("instances") {
            let ipath = format!("{ypath}/instances");
            let list = list
                .as_mapping()
                .ok_or_else(|| self.err(&ipath, "instances must be a mapping"))?;
            for (key, value) in list {
                let iid = key
                    .as_str()
                    .ok_or_else(|| self.err(&ipath, "instance ids are strings"))?;
                let path = format!("{ipath}/{iid}");
                if !crate::binrw::tokens::is_ident(iid) {
                    return Err(self.err(&path, not_ident(iid)));
                }
                let imap = value
                    .as_mapping()
                    .ok_or_else(|| self.err(&path, "an instance is a mapping"))?;
                // Without `pos` (nor `value`) an instance is parsed where its stream is.
                if imap.contains_key("pos") || !imap.contains_key("value") {
                    positioned.push(self.positioned(iid, &path, imap)?);
                    continue;
                }
                check_keys(self, &path, imap, &["value", "doc", "enum", "if"])?;
                let value = match imap.get("value") {
                    Some(Value::String(s)) => s.clone(),
                    Some(Value::Number(n)) if n.is_i64() || n.is_u64() => n.to_string(),
                    Some(Value::Number(n)) => format!("{:?}", n.as_f64().unwrap_or(f64::NAN)),
                    Some(Value::Bool(b)) => b.to_string(),
                    _ => {
                        return Err(self.err(
                            &path,
                            "only value instances with an integer, boolean or expression value are supported by the binrw backend",
                        ));
                    }
                };
                instances.push(Instance {
                    id: iid.to_string(),
                    doc: str_key(imap, "doc"),
                    value: self.expression(&path, "value", &value)?,
                    enum_name: str_key(imap, "enum"),
                    cond: match imap.get("if") {
                        Some(Value::Bool(b)) => {
                            Some(self.expression(&path, "if", &b.to_string())?)
                        }
                        _ => self.expr_key(&path, imap, "if")?,
                    },
                    yaml_path: path,
                    lifted: false,
                });
            }
        }
        Ok((instances, positioned))
    }

    /// A `pos` instance: its other keys are those of a seq field. Without `pos` it is parsed
    /// at the position of its stream, which Kaitai's instances read when first asked for and
    /// the binrw backend reads where it places the instance (after the seq, see `pos.rs`):
    /// `pos: _io.pos`. With `io` the other stream's position is whatever its last reader left,
    /// which is refused.
    fn positioned(&self, id: &str, ypath: &str, map: &Mapping) -> Result<Positioned, SchemaError> {
        let io = self.expr_key(ypath, map, "io")?;
        let pos = match self.expr_key(ypath, map, "pos")? {
            Some(pos) => pos,
            None if io.is_some() => {
                return Err(self.err(
                    &format!("{ypath}/io"),
                    "`io` on an instance without `pos` is not supported by the binrw backend",
                ));
            }
            None => self.expression(ypath, "pos", "_io.pos")?,
        };
        let mut fmap = map.clone();
        fmap.remove("pos");
        fmap.remove("io");
        fmap.insert(Value::from("id"), Value::from(id));
        Ok(Positioned {
            field: self.field(ypath, &fmap)?,
            pos,
            io,
        })
    }
}
