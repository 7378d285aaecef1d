//! What the server loads once at start-up for some of the variants: the endgame
//! databases of `--egdb`, the evaluation of `--weights` and `--patterns`, the
//! combination templates of `--tactics`, the opening books of `--book`.

use draughts_core::with_variant;
use draughts_core::{Goal, Variant, VariantKind};
use draughts_engine::book::Book;
use draughts_engine::engine::{book, evaluator, templates, BookChoice, EngineError, EngineOptions};
use draughts_eval::LinearEval;
use draughts_tactics::TemplateSet;
use std::any::Any;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One value per variant, for some of the variants; each value's type names its
/// variant (`Database<V>`, `LinearEval<V>`), so [`PerVariant::get`] finds it by type.
#[derive(Clone, Default)]
pub struct PerVariant {
    by_kind: Vec<(VariantKind, Arc<dyn Any + Send + Sync>)>,
}

impl PerVariant {
    /// Adds the value of variant `kind`.
    pub fn insert<T: Any + Send + Sync>(&mut self, kind: VariantKind, value: T) {
        self.by_kind.push((kind, Arc::new(value)));
    }

    /// The variants with a value.
    pub fn kinds(&self) -> impl Iterator<Item = VariantKind> + '_ {
        self.by_kind.iter().map(|(kind, _)| *kind)
    }

    /// Whether no variant has a value.
    pub fn is_empty(&self) -> bool {
        self.by_kind.is_empty()
    }

    /// The value of type `T`, if there is one.
    pub fn get<T: Any + Send + Sync>(&self) -> Option<Arc<T>> {
        self.by_kind
            .iter()
            .find_map(|(_, value)| value.clone().downcast::<T>().ok())
    }

    /// The values `load` reads for each variant it applies to (`None`: it does not),
    /// leaving out the variants that refuse them.
    ///
    /// # Errors
    /// When every variant it applies to refuses: the first variant's reason.
    fn load_each(
        load: impl Fn(VariantKind) -> Option<Result<Arc<dyn Any + Send + Sync>, EngineError>>,
    ) -> Result<PerVariant, EngineError> {
        let mut loaded = PerVariant::default();
        let mut first_error = None;
        for kind in VariantKind::ALL {
            match load(kind) {
                Some(Ok(value)) => loaded.by_kind.push((kind, value)),
                Some(Err(error)) => {
                    first_error.get_or_insert(error);
                }
                None => {}
            }
        }
        match first_error {
            Some(error) if loaded.is_empty() => Err(error),
            _ => Ok(loaded),
        }
    }
}

/// The evaluations `--weights` and `--patterns` ask for: for each variant that can use
/// the files (a file written by `draughts tune` names its variant; a weights file that
/// names none suits them all). Variants without one use their built-in evaluation.
#[derive(Clone, Default)]
pub struct Evaluators(PerVariant);

impl Evaluators {
    /// The evaluations of `weights` and `patterns` (as [`EngineOptions::weights`] and
    /// [`EngineOptions::patterns`]); none when both are `None`.
    ///
    /// # Errors
    /// When no variant can use the files (a file is missing, unreadable or damaged, or
    /// the two are for different variants): the reason the first variant refused them.
    pub fn load(
        weights: Option<PathBuf>,
        patterns: Option<PathBuf>,
    ) -> Result<Evaluators, EngineError> {
        if weights.is_none() && patterns.is_none() {
            return Ok(Evaluators::default());
        }
        let options = EngineOptions {
            weights,
            patterns,
            ..EngineOptions::default()
        };
        PerVariant::load_each(|kind| {
            Some(with_variant!(kind, V => evaluator::<V>(&options).map(shared)))
        })
        .map(Evaluators)
    }

    /// The variants with an evaluation of their own.
    pub fn kinds(&self) -> impl Iterator<Item = VariantKind> + '_ {
        self.0.kinds()
    }

    /// The evaluation of `V` from the files, if they suit `V`.
    pub fn get<V: Variant>(&self) -> Option<LinearEval<V>> {
        self.0.get::<LinearEval<V>>().map(|eval| (*eval).clone())
    }
}

/// The combination templates of `--tactics`, for the variant the file names.
#[derive(Clone, Default)]
pub struct Templates(PerVariant);

impl Templates {
    /// The templates of `path` (as [`EngineOptions::tactics`]); none for `None`.
    ///
    /// # Errors
    /// When no variant won by material can use the file (it is missing, unreadable,
    /// damaged or of threats): the reason the first one refused it.
    pub fn load(path: Option<&Path>) -> Result<Templates, EngineError> {
        let Some(path) = path else {
            return Ok(Templates::default());
        };
        PerVariant::load_each(|kind| {
            with_variant!(kind, V => matches!(V::GOAL, Goal::Block)
                .then(|| templates::<V>(path).map(shared)))
        })
        .map(Templates)
    }

    /// The variants with templates.
    pub fn kinds(&self) -> impl Iterator<Item = VariantKind> + '_ {
        self.0.kinds()
    }

    /// The templates of `V`, if the file is of `V`.
    pub fn get<V: Variant>(&self) -> Option<Arc<TemplateSet<V>>> {
        self.0.get::<TemplateSet<V>>()
    }
}

/// The opening books `--book` asks for: the built-in ones where they ship, or the
/// file's for the variant it names.
#[derive(Clone, Default)]
pub struct Books(PerVariant);

impl Books {
    /// The books of `choice` (as [`EngineOptions::book`]).
    ///
    /// # Errors
    /// When no variant can use the choice (the file is missing, unreadable or damaged;
    /// no built-in book ships): the reason the first variant refused it.
    pub fn load(choice: &BookChoice) -> Result<Books, EngineError> {
        PerVariant::load_each(
            |kind| with_variant!(kind, V => book::<V>(choice).map(|b| b.map(shared)).transpose()),
        )
        .map(Books)
    }

    /// The variants with a book.
    pub fn kinds(&self) -> impl Iterator<Item = VariantKind> + '_ {
        self.0.kinds()
    }

    /// The book of `V`, if there is one.
    pub fn get<V: Variant>(&self) -> Option<Arc<Book<V>>> {
        self.0.get::<Arc<Book<V>>>().map(|book| (*book).clone())
    }
}

/// `value`, to be kept in a [`PerVariant`].
fn shared<T: Any + Send + Sync>(value: T) -> Arc<dyn Any + Send + Sync> {
    Arc::new(value)
}
