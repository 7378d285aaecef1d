//! The engine's Hub parameters: one table row per parameter, from which the `param`
//! lines, the checking of `set-param` and the typed reads all follow. A new parameter
//! (a contempt factor, ...) is one more row in [`PARAMS`] and a read where it is used.

use super::line::LineBuilder;
use draughts_core::VariantKind;

/// The type of a parameter, as the Hub protocol names it.
///
/// The protocol also has `bool` and `real`; they join when a parameter needs them (the
/// tactics file is text: empty turns the templates off).
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// A whole number in `min..=max`.
    Int {
        /// Smallest accepted value.
        min: i64,
        /// Largest accepted value.
        max: i64,
    },
    /// Any text (possibly empty).
    Text,
    /// One of a fixed list; `normalize` maps accepted aliases onto the list.
    Enum {
        /// The values offered.
        values: &'static [&'static str],
        /// Maps an alias (`normal`) to one of the values (`international`).
        normalize: fn(&str) -> Option<&'static str>,
    },
}

/// One parameter.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// The name used in `param` and `set-param`.
    pub name: &'static str,
    /// Its type and range.
    pub kind: Kind,
    /// The value before any `set-param`.
    pub default: &'static str,
}

/// The engine's parameters.
pub const PARAMS: &[Spec] = &[
    Spec {
        name: "variant",
        kind: Kind::Enum {
            values: &VariantKind::NAMES,
            normalize: normalize_variant,
        },
        default: "international",
    },
    Spec {
        name: "hash",
        kind: Kind::Int { min: 1, max: 16384 },
        default: "64",
    },
    Spec {
        name: "threads",
        kind: Kind::Int { min: 1, max: 64 },
        default: "1",
    },
    Spec {
        name: "weights",
        kind: Kind::Text,
        default: "",
    },
    Spec {
        name: "patterns",
        kind: Kind::Text,
        default: "",
    },
    Spec {
        name: "network",
        kind: Kind::Text,
        default: "",
    },
    Spec {
        name: "tactics",
        kind: Kind::Text,
        default: "",
    },
    Spec {
        name: "threats",
        kind: Kind::Text,
        default: "",
    },
    Spec {
        name: "egdb-path",
        kind: Kind::Text,
        default: "",
    },
    Spec {
        name: "search",
        kind: Kind::Text,
        default: "",
    },
    Spec {
        name: "book",
        kind: Kind::Text,
        default: "",
    },
    Spec {
        name: "book-margin",
        kind: Kind::Int { min: 0, max: 1000 },
        default: "0",
    },
    Spec {
        name: "book-seed",
        kind: Kind::Int {
            min: 0,
            max: i64::MAX,
        },
        default: "0",
    },
    Spec {
        name: "english-hub",
        kind: Kind::Enum {
            values: &["standard", "pydraughts"],
            normalize: normalize_english_hub,
        },
        default: "standard",
    },
];

fn normalize_variant(text: &str) -> Option<&'static str> {
    text.parse::<VariantKind>().ok().map(VariantKind::name)
}

fn normalize_english_hub(text: &str) -> Option<&'static str> {
    match text.trim().to_ascii_lowercase().as_str() {
        "standard" => Some("standard"),
        "pydraughts" | "mirrored" => Some("pydraughts"),
        _ => None,
    }
}

/// Why a `set-param` was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParamError {
    /// No parameter of that name.
    #[error("unknown parameter {0:?} (the engine has {1})")]
    Unknown(String, String),
    /// A value of the wrong type or out of range.
    #[error("bad value {value:?} for {name}: expected {expected}")]
    BadValue {
        /// The parameter.
        name: &'static str,
        /// The value given.
        value: String,
        /// What would have been accepted.
        expected: String,
    },
}

/// Current values of every parameter in [`PARAMS`], stored normalised.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    values: Vec<String>,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            values: PARAMS.iter().map(|p| p.default.to_string()).collect(),
        }
    }
}

impl Params {
    /// The `param` lines announcing every parameter with its current value.
    pub fn announce(&self) -> Vec<String> {
        PARAMS
            .iter()
            .zip(&self.values)
            .map(|(spec, value)| {
                let line = LineBuilder::new("param")
                    .pair("name", spec.name)
                    .pair("value", value);
                match spec.kind {
                    Kind::Int { min, max } => {
                        line.pair("type", "int").pair("min", min).pair("max", max)
                    }
                    Kind::Text => line.pair("type", "string"),
                    Kind::Enum { values, .. } => {
                        line.pair("type", "enum").pair("values", values.join(" "))
                    }
                }
                .build()
            })
            .collect()
    }

    /// Sets `name` to `value` after checking it against the parameter's type.
    ///
    /// # Errors
    /// [`ParamError::Unknown`] for a name not in [`PARAMS`], [`ParamError::BadValue`]
    /// for a value of the wrong type or out of range; nothing changes then.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), ParamError> {
        let index = PARAMS
            .iter()
            .position(|spec| spec.name == name)
            .ok_or_else(|| {
                let names: Vec<&str> = PARAMS.iter().map(|p| p.name).collect();
                ParamError::Unknown(name.to_string(), names.join(", "))
            })?;
        let spec = &PARAMS[index];
        let bad = |expected: String| ParamError::BadValue {
            name: spec.name,
            value: value.to_string(),
            expected,
        };
        let text = value.trim();
        let normalised = match spec.kind {
            Kind::Int { min, max } => match text.parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => n.to_string(),
                _ => return Err(bad(format!("a whole number from {min} to {max}"))),
            },
            Kind::Text => value.to_string(),
            Kind::Enum { values, normalize } => match normalize(text) {
                Some(v) if values.contains(&v) => v.to_string(),
                _ => return Err(bad(format!("one of {}", values.join(", ")))),
            },
        };
        self.values[index] = normalised;
        Ok(())
    }

    /// The current value of `name` as stored; empty for an unknown name (a bug caught in
    /// debug builds).
    pub fn text(&self, name: &str) -> &str {
        let index = PARAMS.iter().position(|spec| spec.name == name);
        debug_assert!(index.is_some(), "no parameter {name}");
        index.map_or("", |i| &self.values[i])
    }

    /// An `int` parameter's value.
    pub fn int(&self, name: &str) -> i64 {
        self.text(name).parse().unwrap_or_default()
    }

    /// The `variant` parameter.
    pub fn variant(&self) -> VariantKind {
        self.text("variant")
            .parse()
            .unwrap_or(VariantKind::International)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn announces_every_parameter() {
        let lines = Params::default().announce();
        assert_eq!(lines.len(), PARAMS.len());
        assert_eq!(
            lines[0],
            "param name=variant value=international type=enum values=\"international english brazilian pool russian italian spanish czech thai turkish killer antidraughts breakthrough frisian frysk\""
        );
        assert_eq!(
            lines[1],
            "param name=hash value=64 type=int min=1 max=16384"
        );
        assert!(lines.contains(&"param name=weights value=\"\" type=string".to_string()));
        assert!(lines.contains(&"param name=tactics value=\"\" type=string".to_string()));
    }

    #[test]
    fn set_checks_and_normalises() {
        let mut params = Params::default();
        params.set("variant", "english").unwrap();
        assert_eq!(params.variant(), VariantKind::English);
        params.set("variant", "Normal").unwrap();
        assert_eq!(params.text("variant"), "international");
        params.set("variant", "standard").unwrap();
        assert_eq!(params.variant(), VariantKind::International);
        assert!(matches!(
            params.set("variant", "chess"),
            Err(ParamError::BadValue { .. })
        ));
        params.set("hash", " 128 ").unwrap();
        assert_eq!(params.int("hash"), 128);
        for bad in ["0", "-1", "abc", "1e3", "99999999999999999999", ""] {
            assert!(params.set("hash", bad).is_err(), "{bad}");
        }
        assert_eq!(params.int("hash"), 128);
        params.set("weights", "my weights.txt").unwrap();
        assert_eq!(params.text("weights"), "my weights.txt");
        params.set("egdb-path", "/data/egdb").unwrap();
        assert_eq!(params.text("egdb-path"), "/data/egdb");
        params.set("english-hub", "pydraughts").unwrap();
        assert_eq!(params.text("english-hub"), "pydraughts");
        assert!(matches!(
            params.set("colour", "red"),
            Err(ParamError::Unknown(..))
        ));
    }
}
