//! Named weight vectors: hand-set defaults per variant, and a small text file format
//! (described on [`Weights`]).
//!
//! The reader is written by hand rather than pulling in `serde` and `toml`: the format
//! is a dozen `name = integer` lines, the reader is about a hundred lines with exact,
//! line-numbered errors, and the two crates (with their dependencies) would lengthen
//! every build of the search and the engine for no gain.

use crate::feature::{Feature, FEATURE_COUNT};
use draughts_core::{Geometry, Goal, Variant};
use std::fmt::Write as _;
use std::ops::Index;
use std::path::{Path, PathBuf};

/// The largest magnitude a weight may have. Every feature difference is at most a few
/// hundred, so with weights in this range no evaluation can overflow a [`crate::Score`].
pub const MAX_WEIGHT: i32 = 100_000;

/// One weight per [`Feature`], in hundredths of a man per unit of feature value.
///
/// Weights are clamped to ±[`MAX_WEIGHT`] by every constructor and setter.
///
/// # File format
///
/// A weights file is a small subset of TOML, so that any TOML tool can read what
/// [`Weights::save`] writes:
///
/// ```text
/// # comments run from `#` to the end of the line
/// variant = "international"   # optional; if present it must name the variant
/// men = 100
/// kings = 300
/// tempo = -2
/// ```
///
/// One `name = integer` line per feature (names as [`Feature::name`] spells them;
/// integers are decimal with an optional sign and `_` between digits, within
/// ±[`MAX_WEIGHT`]), blank lines and comments. A feature the file does not mention keeps
/// the variant's default weight ([`Weights::default_for`]): files written before a
/// feature existed still load, and a hand-written file may override a few weights
/// only. An unknown name, a malformed or out-of-range number, a name given twice and a
/// `variant` other than the one asked for are errors, each naming the line
/// ([`WeightsParseError`]).
///
/// ```
/// use draughts_core::International;
/// use draughts_eval::{Feature, Weights};
///
/// let mut weights = Weights::default_for::<International>();
/// assert_eq!(weights[Feature::Men], 100);
/// weights.set(Feature::Tempo, 3);
/// let text = weights.to_text::<International>();
/// assert_eq!(Weights::parse::<International>(&text)?, weights);
/// # Ok::<(), draughts_eval::WeightsParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Weights {
    values: [i32; FEATURE_COUNT],
}

impl Weights {
    /// Every weight zero.
    pub const ZERO: Weights = Weights::from_array([0; FEATURE_COUNT]);

    /// Hand-set defaults for International draughts: a king is worth three men; flying
    /// kings reward the centre, the long diagonal and open lines; edge men and locked
    /// men are weak; a slight premium on development (tempo) and outposts.
    pub const INTERNATIONAL: Weights = Weights::from_array([
        100, // men
        300, // kings
        2,   // tempo
        -3,  // balance
        3,   // coherence
        -4,  // edge_men
        2,   // mobility
        3,   // back_rank
        5,   // centre
        20,  // king_centre
        2,   // king_mobility
        50,  // runaway
        8,   // outposts
        -4,  // locked_men
    ]);

    /// Hand-set defaults for English draughts: a king is worth about 1.45 men (short
    /// kings); the back row is worth guarding against crowning; centre, mobility and
    /// runaway men as in the International set, scaled to the smaller board.
    pub const ENGLISH: Weights = Weights::from_array([
        100, // men
        145, // kings
        2,   // tempo
        -2,  // balance
        3,   // coherence
        -3,  // edge_men
        3,   // mobility
        8,   // back_rank
        6,   // centre
        10,  // king_centre
        4,   // king_mobility
        40,  // runaway
        6,   // outposts
        -4,  // locked_men
    ]);

    /// Hand-set defaults for Turkish draughts (the full board, where the features read
    /// along rows and columns: see [`Feature`]). A king flies along rows and columns
    /// and is worth three men as in International; men never step back, so advancing
    /// (tempo) is the way to a king and is paid a little more; a man with a friendly
    /// piece straight behind cannot be taken from the front (coherence, outposts); men
    /// kept on the home row bar the opponent's men from crowning; edge men are safe
    /// from sideways captures but step one way only, so they get no weight either way.
    pub const TURKISH: Weights = Weights::from_array([
        100, // men
        300, // kings
        3,   // tempo
        -2,  // balance
        4,   // coherence
        0,   // edge_men
        2,   // mobility
        4,   // back_rank
        4,   // centre
        5,   // king_centre
        2,   // king_mobility
        40,  // runaway
        4,   // outposts
        -3,  // locked_men
    ]);

    /// The default weights for variant `V`. They follow its rules rather than its
    /// name: the full board (Turkish) has [`Weights::TURKISH`]; variants with flying
    /// kings (International, Brazilian, Russian, ...) start from
    /// [`Weights::INTERNATIONAL`], the others from [`Weights::ENGLISH`]; a
    /// variant played to lose ([`Goal::GiveAway`]) from International's negated, a crude start
    /// (fewer pieces and less room are better) that no match has measured.
    pub const fn default_for<V: Variant>() -> Weights {
        if matches!(V::GOAL, Goal::GiveAway) {
            let mut values = Weights::INTERNATIONAL.values;
            let mut i = 0;
            while i < FEATURE_COUNT {
                values[i] = -values[i];
                i += 1;
            }
            Weights::from_array(values)
        } else if <V::Board as Geometry>::ALL_SQUARES {
            Weights::TURKISH
        } else if V::FLYING_KINGS {
            Weights::INTERNATIONAL
        } else {
            Weights::ENGLISH
        }
    }

    /// Weights from an array indexed by [`Feature::index`], each clamped to
    /// ±[`MAX_WEIGHT`].
    pub const fn from_array(mut values: [i32; FEATURE_COUNT]) -> Weights {
        let mut i = 0;
        while i < FEATURE_COUNT {
            values[i] = clamp(values[i]);
            i += 1;
        }
        Weights { values }
    }

    /// The weights as an array indexed by [`Feature::index`].
    #[inline]
    pub const fn as_array(&self) -> &[i32; FEATURE_COUNT] {
        &self.values
    }

    /// Whether every weight but those of men and kings is zero: the evaluation is then
    /// the material alone, which [`LinearEval`](crate::LinearEval) counts without the
    /// other features.
    ///
    /// ```
    /// use draughts_eval::{Feature, Weights};
    ///
    /// assert!(!Weights::INTERNATIONAL.is_material_only());
    /// let mut material = Weights::ZERO;
    /// material.set(Feature::Men, 100);
    /// material.set(Feature::Kings, 300);
    /// assert!(material.is_material_only());
    /// ```
    pub const fn is_material_only(&self) -> bool {
        let mut i = 0;
        while i < FEATURE_COUNT {
            if i != Feature::Men.index() && i != Feature::Kings.index() && self.values[i] != 0 {
                return false;
            }
            i += 1;
        }
        true
    }

    /// These weights' material alone: the weights of men and kings, every other zero.
    ///
    /// ```
    /// use draughts_eval::{Feature, Weights};
    ///
    /// let material = Weights::INTERNATIONAL.material();
    /// assert!(material.is_material_only());
    /// assert_eq!(material.get(Feature::Kings), Weights::INTERNATIONAL.get(Feature::Kings));
    /// ```
    pub const fn material(&self) -> Weights {
        let mut values = [0; FEATURE_COUNT];
        values[Feature::Men.index()] = self.values[Feature::Men.index()];
        values[Feature::Kings.index()] = self.values[Feature::Kings.index()];
        Weights { values }
    }

    /// The weight of `feature`.
    #[inline]
    pub const fn get(&self, feature: Feature) -> i32 {
        self.values[feature.index()]
    }

    /// Sets the weight of `feature`, clamped to ±[`MAX_WEIGHT`].
    pub fn set(&mut self, feature: Feature, weight: i32) {
        self.values[feature.index()] = clamp(weight);
    }

    /// Every feature with its weight, in index order.
    pub fn iter(&self) -> impl Iterator<Item = (Feature, i32)> + '_ {
        Feature::ALL.into_iter().map(|f| (f, self.get(f)))
    }

    /// The weights as a weights file for variant `V` (see [the format](Weights#file-format)),
    /// every feature on its own line with its definition as a comment.
    pub fn to_text<V: Variant>(&self) -> String {
        let mut text = String::new();
        text.push_str("# draughts-eval weights, in hundredths of a man per unit of the\n");
        text.push_str("# feature (side to move's value minus the opponent's).\n");
        // Writing to a String cannot fail.
        let _ = writeln!(text, "variant = \"{}\"", V::NAME);
        for (feature, weight) in self.iter() {
            let _ = writeln!(
                text,
                "{:<13} = {:>6}  # {}",
                feature.name(),
                weight,
                feature.description()
            );
        }
        text
    }

    /// Reads weights for variant `V` from the text of a weights file (see
    /// [the format](Weights#file-format)); features the text does not mention keep
    /// [`Weights::default_for::<V>()`](Weights::default_for).
    ///
    /// # Errors
    /// A line that is not `name = integer` or `variant = "name"`, an unknown feature
    /// name, a malformed or out-of-range number, a name given twice, or a `variant`
    /// other than `V`'s.
    pub fn parse<V: Variant>(text: &str) -> Result<Weights, WeightsParseError> {
        let mut weights = Weights::default_for::<V>();
        let mut seen = [0usize; FEATURE_COUNT];
        let mut variant_line = 0;
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let content = strip_comment(raw).trim();
            if content.is_empty() {
                continue;
            }
            let syntax = || WeightsParseError::Syntax {
                line,
                text: raw.trim().to_string(),
            };
            let (key, value) = content.split_once('=').ok_or_else(syntax)?;
            let (key, value) = (key.trim(), value.trim());
            let bare_key = !key.is_empty()
                && key
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
            if !bare_key {
                return Err(syntax());
            }
            if key == "variant" {
                if variant_line != 0 {
                    return Err(WeightsParseError::Duplicate {
                        line,
                        first: variant_line,
                        name: key.to_string(),
                    });
                }
                let name = value
                    .strip_prefix('"')
                    .and_then(|v| v.strip_suffix('"'))
                    .filter(|v| !v.contains(['"', '\\']))
                    .ok_or_else(syntax)?;
                if name != V::NAME {
                    return Err(WeightsParseError::WrongVariant {
                        line,
                        found: name.to_string(),
                        expected: V::NAME,
                    });
                }
                variant_line = line;
                continue;
            }
            let feature =
                Feature::from_name(key).ok_or_else(|| WeightsParseError::UnknownFeature {
                    line,
                    name: key.to_string(),
                })?;
            let first = seen[feature.index()];
            if first != 0 {
                return Err(WeightsParseError::Duplicate {
                    line,
                    first,
                    name: key.to_string(),
                });
            }
            let weight = parse_integer(value).map_err(|kind| {
                let (name, value) = (key.to_string(), value.to_string());
                match kind {
                    IntegerError::Malformed => WeightsParseError::BadNumber { line, name, value },
                    IntegerError::OutOfRange => WeightsParseError::OutOfRange { line, name, value },
                }
            })?;
            weights.values[feature.index()] = weight;
            seen[feature.index()] = line;
        }
        Ok(weights)
    }

    /// Writes the weights to `path` as a weights file for variant `V`
    /// ([`Weights::to_text`]). The text goes to a temporary file beside `path` that is
    /// then renamed over it, so an interrupted save never leaves a truncated file.
    ///
    /// # Errors
    /// [`WeightsError::Write`] naming the path if the file cannot be written.
    pub fn save<V: Variant>(&self, path: impl AsRef<Path>) -> Result<(), WeightsError> {
        let path = path.as_ref();
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(".tmp");
        let temporary = PathBuf::from(temporary);
        let write_error = |source| WeightsError::Write {
            path: path.to_path_buf(),
            source,
        };
        std::fs::write(&temporary, self.to_text::<V>()).map_err(write_error)?;
        std::fs::rename(&temporary, path).map_err(|source| {
            let _ = std::fs::remove_file(&temporary);
            write_error(source)
        })
    }

    /// Reads a weights file for variant `V` ([`Weights::parse`]).
    ///
    /// # Errors
    /// [`WeightsError::Read`] if the file cannot be read (or is not UTF-8), and
    /// [`WeightsError::Parse`] if its contents are wrong; both name the path.
    pub fn load<V: Variant>(path: impl AsRef<Path>) -> Result<Weights, WeightsError> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|source| WeightsError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Weights::parse::<V>(&text).map_err(|source| WeightsError::Parse {
            path: path.to_path_buf(),
            source,
        })
    }
}

impl Index<Feature> for Weights {
    type Output = i32;

    #[inline]
    fn index(&self, feature: Feature) -> &i32 {
        &self.values[feature.index()]
    }
}

const fn clamp(weight: i32) -> i32 {
    if weight > MAX_WEIGHT {
        MAX_WEIGHT
    } else if weight < -MAX_WEIGHT {
        -MAX_WEIGHT
    } else {
        weight
    }
}

/// The line up to its first `#` outside a double-quoted string.
fn strip_comment(line: &str) -> &str {
    let mut in_string = false;
    for (i, ch) in line.char_indices() {
        match ch {
            '"' => in_string = !in_string,
            '#' if !in_string => return &line[..i],
            _ => {}
        }
    }
    line
}

enum IntegerError {
    Malformed,
    OutOfRange,
}

/// A TOML-style decimal integer: optional sign, digits, single `_` between digits.
fn parse_integer(text: &str) -> Result<i32, IntegerError> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let well_formed = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit() || b == b'_')
        && !digits.starts_with('_')
        && !digits.ends_with('_')
        && !digits.contains("__");
    if !well_formed {
        return Err(IntegerError::Malformed);
    }
    let mut magnitude: i64 = 0;
    for b in digits.bytes().filter(u8::is_ascii_digit) {
        magnitude = magnitude * 10 + i64::from(b - b'0');
        if magnitude > i64::from(MAX_WEIGHT) {
            return Err(IntegerError::OutOfRange);
        }
    }
    let value = if negative { -magnitude } else { magnitude };
    // In range by the check above.
    Ok(value as i32)
}

/// Every feature name, for error messages.
fn feature_names() -> String {
    Feature::ALL
        .iter()
        .map(|f| f.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why the text of a weights file could not be read. Lines are numbered from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeightsParseError {
    /// A line that is neither `name = integer`, `variant = "name"`, a comment nor blank.
    #[error("line {line}: expected `name = integer` or `variant = \"name\"`, found {text:?}")]
    Syntax {
        /// The line number.
        line: usize,
        /// The line, trimmed.
        text: String,
    },
    /// A name that is not a feature.
    #[error(
        "line {line}: unknown feature {name:?}; the features are {}",
        feature_names()
    )]
    UnknownFeature {
        /// The line number.
        line: usize,
        /// The unknown name.
        name: String,
    },
    /// A value that is not a decimal integer.
    #[error("line {line}: cannot read {value:?} as an integer (the weight of {name})")]
    BadNumber {
        /// The line number.
        line: usize,
        /// The feature.
        name: String,
        /// The text given as its weight.
        value: String,
    },
    /// An integer outside ±[`MAX_WEIGHT`].
    #[error("line {line}: the weight of {name}, {value}, is outside -{MAX_WEIGHT}..={MAX_WEIGHT}")]
    OutOfRange {
        /// The line number.
        line: usize,
        /// The feature.
        name: String,
        /// The text given as its weight.
        value: String,
    },
    /// A feature (or `variant`) given twice.
    #[error("line {line}: {name} is already set on line {first}")]
    Duplicate {
        /// The line of the second setting.
        line: usize,
        /// The line of the first.
        first: usize,
        /// The name set twice.
        name: String,
    },
    /// A file written for another variant.
    #[error("line {line}: the weights are for {found:?}, not {expected:?}")]
    WrongVariant {
        /// The line number.
        line: usize,
        /// The variant the file names.
        found: String,
        /// The variant the caller asked for.
        expected: &'static str,
    },
}

/// Why a weights file could not be saved or loaded. Every variant names the file.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    /// The file could not be read.
    #[error("cannot read weights file {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file could not be written.
    #[error("cannot write weights file {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file's contents are not a valid weights file.
    #[error("weights file {}: {source}", path.display())]
    Parse {
        /// The file.
        path: PathBuf,
        /// What is wrong, and on which line.
        source: WeightsParseError,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::{English, International};

    type I = International;

    #[test]
    fn names_are_unique_and_snake_case() {
        for (i, f) in Feature::ALL.iter().enumerate() {
            assert_eq!(f.index(), i);
            assert_eq!(Feature::from_name(f.name()), Some(*f));
            assert!(f
                .name()
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'_'));
        }
        let mut names: Vec<_> = Feature::ALL.iter().map(|f| f.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), FEATURE_COUNT);
    }

    #[test]
    fn defaults_per_variant() {
        assert_eq!(Weights::default_for::<I>(), Weights::INTERNATIONAL);
        assert_eq!(Weights::default_for::<English>(), Weights::ENGLISH);
        assert_eq!(Weights::INTERNATIONAL[Feature::Kings], 300);
        assert_eq!(Weights::ENGLISH[Feature::Kings], 145);
    }

    #[test]
    fn text_round_trip() {
        let mut w = Weights::ZERO;
        for (i, f) in Feature::ALL.into_iter().enumerate() {
            w.set(f, (i as i32 - 7) * 1234);
        }
        assert_eq!(Weights::parse::<I>(&w.to_text::<I>()), Ok(w));
        assert_eq!(
            Weights::parse::<English>(&Weights::ENGLISH.to_text::<English>()),
            Ok(Weights::ENGLISH)
        );
    }

    #[test]
    fn file_round_trip() {
        let dir = std::env::temp_dir().join(format!("draughts-eval-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("weights.toml");
        let mut w = Weights::default_for::<English>();
        w.set(Feature::Runaway, -77);
        w.save::<English>(&path).unwrap();
        assert_eq!(Weights::load::<English>(&path).unwrap(), w);
        // The file names its variant, so the other variant refuses it.
        let err = Weights::load::<I>(&path).unwrap_err();
        assert!(matches!(
            err,
            WeightsError::Parse {
                source: WeightsParseError::WrongVariant { line: 3, .. },
                ..
            }
        ));
        assert!(err.to_string().contains("weights.toml"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn missing_file_names_the_path() {
        let err = Weights::load::<I>("/nonexistent/dir/w.toml").unwrap_err();
        assert!(matches!(err, WeightsError::Read { .. }));
        assert!(err.to_string().contains("/nonexistent/dir/w.toml"), "{err}");
    }

    #[test]
    fn missing_features_keep_the_defaults() {
        let w = Weights::parse::<I>("# just one\ntempo = -5 # slower\n\n").unwrap();
        let mut expected = Weights::INTERNATIONAL;
        expected.set(Feature::Tempo, -5);
        assert_eq!(w, expected);
        assert_eq!(Weights::parse::<I>(""), Ok(Weights::INTERNATIONAL));
    }

    #[test]
    fn accepted_syntax() {
        let w = Weights::parse::<I>(
            "\u{feff}  variant = \"international\"  # ok\r\nmen=+1_000\r\nkings =-100000\n",
        )
        .unwrap();
        assert_eq!((w[Feature::Men], w[Feature::Kings]), (1000, -100_000));
    }

    #[test]
    fn errors() {
        use WeightsParseError::*;
        let parse = Weights::parse::<I>;
        assert!(matches!(
            parse("men = 1\nmen = 2"),
            Err(Duplicate {
                line: 2,
                first: 1,
                ..
            })
        ));
        assert!(matches!(
            parse("variant = \"international\"\nvariant = \"international\""),
            Err(Duplicate {
                line: 2,
                first: 1,
                ..
            })
        ));
        assert!(matches!(
            parse("\nwomen = 1"),
            Err(UnknownFeature { line: 2, .. })
        ));
        for bad in ["1.5", "", "x", "1__0", "_1", "1_", "--1", "0x10", "\"1\""] {
            assert!(
                matches!(
                    parse(&format!("men = {bad}")),
                    Err(BadNumber { line: 1, .. })
                ),
                "{bad:?}"
            );
        }
        for big in ["100001", "-100001", "99999999999999999999999"] {
            assert!(
                matches!(
                    parse(&format!("men = {big}")),
                    Err(OutOfRange { line: 1, .. })
                ),
                "{big:?}"
            );
        }
        for bad in [
            "men",
            "[weights]",
            "= 3",
            "\"men\" = 3",
            "variant = english",
            "a b = 1",
        ] {
            assert!(matches!(parse(bad), Err(Syntax { line: 1, .. })), "{bad:?}");
        }
        assert!(matches!(
            parse("variant = \"english\""),
            Err(WrongVariant { line: 1, .. })
        ));
        let message = parse("kingz = 1").unwrap_err().to_string();
        assert!(message.contains("king_mobility"), "{message}");
    }

    #[test]
    fn setters_clamp() {
        let mut w = Weights::ZERO;
        w.set(Feature::Men, i32::MAX);
        w.set(Feature::Kings, i32::MIN);
        assert_eq!(
            (w[Feature::Men], w[Feature::Kings]),
            (MAX_WEIGHT, -MAX_WEIGHT)
        );
    }
}
