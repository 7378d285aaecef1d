//! Combinations in draughts: find them, learn templates from them, index the templates
//! in a decision tree, and recognise them at the leaves of the search.
//!
//! - [`Finder`]: a bounded proof search for a forced material gain (sacrifices and
//!   captures for the attacker, every legal reply for the defender).
//! - [`Template`]: the squares that matter to a combination with the contents allowed
//!   on each, the line to replay, the side and the gain; learned from a position by
//!   trying every change of every square and replaying the line.
//! - [`TemplateSet`]: templates with only the most general form kept, and a versioned
//!   text file format.
//! - [`DecisionTree`]: one lookup returns the templates that match a position;
//!   [`TemplateIndex`] buckets templates by their first move (a sacrifice, found by
//!   [`for_each_sacrifice`]) and the piece that captures next, with a tree per bucket.
//! - [`Threat`]: what the opponent of the side to move could win if the side to move
//!   passed ([`Finder::threat`]), and the replies that counter it; its template is
//!   held in a [`TemplateSet`] of kind [`SetKind::Threats`] with the counters.
//! - [`Pitrat`]: Pitrat's loop over games: explain each move by a known combination,
//!   threat or counter, learn from the moves left unexplained, and go round again.
//! - [`TemplateOracle`]: the [`draughts_search::TacticalOracle`] the search asks at
//!   its leaves; it verifies every candidate by replaying its line.
//!
//! ```
//! use draughts_core::{International, Position};
//! use draughts_tactics::{Finder, FinderConfig, PieceValues, Template, TemplateSet};
//!
//! // White gives a man on 22 and takes two: 28-22 17x28 33x13.
//! let pos: Position<International> = "W:W27,28,33,39,47:B1,17,18".parse()?;
//! let values = PieceValues::for_variant::<International>();
//! let finder = Finder::new(FinderConfig::default(), values);
//! let found = finder.find(&pos).expect("a combination");
//! assert_eq!(found.gain, 100);
//! let template = Template::learn(&pos, &found.line, &values).expect("a forced line");
//! assert!(template.matches(&pos));
//! assert!(template.mirrored().matches(&pos.flipped()));
//! let mut set = TemplateSet::new();
//! set.insert(template);
//! let text = set.to_text();
//! assert_eq!(TemplateSet::<International>::parse(&text)?.len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod content;
mod finder;
mod gate;
mod index;
mod line;
mod material;
mod oracle;
mod pitrat;
mod set;
mod template;
mod threat;
mod tree;

pub use content::{content_sets, Content, ContentSet};
pub use finder::{Finder, FinderConfig, KnownLines, Verdict};
pub use gate::for_each_sacrifice;
pub use index::TemplateIndex;
pub use line::{is_settled, replay, LineMove, Outcome, MAX_LINE};
pub use material::{PieceValues, GAME_WIN_GAIN};
pub use oracle::{AskedTemplates, DropPolicy, LeafStats, TemplateOracle, ASKED_COVERAGE};
pub use pitrat::{Explained, PassProgress, PassReport, Pitrat, Reason};
pub use set::{
    Entry, Insertion, ParseError, ParseErrorKind, SetKind, TemplateFileError, TemplateSet,
};
pub use template::{Template, TemplateShapeError};
pub use threat::{passed, Threat};
pub use tree::{DecisionTree, TreeConfig, TreeStats};
