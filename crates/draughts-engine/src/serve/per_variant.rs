//! What the server loads once at start-up for some of the variants: the endgame
//! databases of `--egdb`, the evaluation of `--weights` and `--patterns`.

use crate::engine::{evaluator, with_variant, EngineError, EngineOptions};
use draughts_core::{Variant, VariantKind};
use draughts_eval::LinearEval;
use std::any::Any;
use std::path::PathBuf;
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
        let mut evaluators = Evaluators::default();
        if weights.is_none() && patterns.is_none() {
            return Ok(evaluators);
        }
        let options = EngineOptions {
            weights,
            patterns,
            ..EngineOptions::default()
        };
        let mut first_error = None;
        for kind in VariantKind::ALL {
            let loaded = with_variant!(kind, V => evaluator::<V>(&options)
                .map(|eval| evaluators.0.insert(kind, eval)));
            if let Err(error) = loaded {
                first_error.get_or_insert(error);
            }
        }
        match first_error {
            Some(error) if evaluators.0.is_empty() => Err(error),
            _ => Ok(evaluators),
        }
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
