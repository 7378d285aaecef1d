//! `draughts tactics learn`: templates from the positions of games (PDN collections or
//! self-play), each expanded by one or two plies, and how the templates learned do on
//! the unseen positions of held-out games.

use super::{learning_finder, self_play};
use crate::agreement::read_collections;
use crate::cli::{parse_variant, CliError};
use crate::progress::ProgressLine;
use clap::Args;
use draughts_core::pdn::MainLine;
use draughts_core::{Position, Variant, VariantKind};
use draughts_engine::engine::{searcher, EngineOptions};
use draughts_engine::openings;
use draughts_tactics::{
    AskedTemplates, DropPolicy, Finder, PieceValues, SetKind, Template, TemplateOracle, TemplateSet,
};
use rand::rngs::Xoshiro256PlusPlus;
use rand::SeedableRng;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Args, Debug)]
pub(super) struct LearnArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool), russian (shashki), italian, spanish, czech,
    /// thai, turkish, killer, antidraughts, breakthrough, frisian or frysk.
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    pub(super) variant: VariantKind,
    /// Learn from the games of these PDN files (games that do not replay are counted
    /// by reason and skipped).
    #[arg(long, value_name = "FILE", num_args = 1.., required_unless_present = "selfplay")]
    pub(super) games: Vec<PathBuf>,
    /// Learn threat templates (and the combination templates found on the way) by
    /// Pitrat's loop over the games' moves: --out gets the threats.
    #[arg(long, conflicts_with_all = ["selfplay", "suite", "expand"])]
    pub(super) threats: bool,
    /// With --threats: passes over the games.
    #[arg(long, default_value_t = 3, requires = "threats",
          value_parser = clap::value_parser!(u32).range(1..=100))]
    pub(super) passes: u32,
    /// With --threats: combination templates to start from.
    #[arg(long, value_name = "FILE", requires = "threats")]
    pub(super) combinations: Option<PathBuf>,
    /// With --threats: write the combination templates here.
    #[arg(long, value_name = "FILE", requires = "threats")]
    pub(super) combinations_out: Option<PathBuf>,
    /// Learn from this many self-play games, started from the built-in openings.
    #[arg(long, value_name = "N", conflicts_with = "games",
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub(super) selfplay: Option<u32>,
    /// Write the templates here (written after every 10 games and at the end).
    #[arg(long, value_name = "FILE")]
    pub(super) out: PathBuf,
    /// Continue from the templates of this file.
    #[arg(long, value_name = "FILE")]
    pub(super) from: Option<PathBuf>,
    /// Plies each game position is expanded by (0 to 2): every legal move, and every
    /// reply.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=2))]
    pub(super) expand: u32,
    /// Search depth of the self-play games.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub(super) depth: u32,
    /// Seed of the self-play games' occasional random moves.
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// The most plies of a combination.
    #[arg(long, default_value_t = 11, value_parser = clap::value_parser!(u8).range(3..=25))]
    pub(super) max_plies: u8,
    /// Hold every `--suite-every`-th game out of learning and report how the templates
    /// learned from the others do on its positions not seen in learning: the share of
    /// template matches whose line still wins, and the share of templates that win
    /// somewhere. Implied by --suite.
    #[arg(long)]
    pub(super) hold_out: bool,
    /// Also write the held-out games' combination positions (FEN and first move) to
    /// this file: a test suite apart from the learning data.
    #[arg(long, value_name = "FILE")]
    pub(super) suite: Option<PathBuf>,
    /// See --hold-out.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(2..=1000))]
    pub(super) suite_every: u32,
    /// Write to the suite only combinations of at least this many plies (longer ones
    /// are harder for a search without templates).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=25))]
    pub(super) suite_min_plies: u32,
}

/// How the templates do on the held-out positions.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(super) struct HeldOut {
    /// Quiet positions not seen in learning.
    pub positions: u64,
    /// Of those, positions where the finder proves a combination.
    pub combinations: u64,
    /// Template matches (the index's candidates).
    pub matches: u64,
    /// Matches whose line still wins there.
    pub verified: u64,
    /// Positions where some template's line wins.
    pub recognised: u64,
    /// Of the combination positions, those.
    pub recognised_combinations: u64,
    /// Per template, whether its line won somewhere.
    pub templates_verified: Vec<bool>,
}

impl HeldOut {
    /// The report's lines.
    fn report(&self, games: usize) -> String {
        let share = |a: u64, b: u64| 100.0 * a as f64 / b.max(1) as f64;
        let templates = self.templates_verified.len() as u64;
        let winning = self.templates_verified.iter().filter(|&&v| v).count() as u64;
        format!(
            "held out: {games} games, {} quiet positions not seen in learning, {} with a combination\n\
             template matches: {}, line still wins in {} ({:.1}%)\n\
             positions with a winning template: {} ({:.2}%); of those with a combination, {} ({:.1}%)\n\
             templates whose line wins somewhere: {winning} of {templates} ({:.1}%)",
            self.positions,
            self.combinations,
            self.matches,
            self.verified,
            share(self.verified, self.matches),
            self.recognised,
            share(self.recognised, self.positions),
            self.recognised_combinations,
            share(self.recognised_combinations, self.combinations),
            share(winning, templates),
        )
    }
}

/// Where learning stands.
pub(super) struct Learner<V: Variant> {
    finder: Finder,
    values: PieceValues,
    pub(super) set: TemplateSet<V>,
    /// Positions visited, learning and held out: a held-out position seen in learning
    /// is not asked again.
    seen: HashSet<u64>,
    pub(super) positions: u64,
    pub(super) combinations: u64,
    suite: Vec<String>,
    suite_min_plies: usize,
}

impl<V: Variant> Learner<V> {
    /// A learner adding to `set`, writing combinations of at least `suite_min_plies`
    /// of the held-out games to its suite.
    pub(super) fn new(finder: Finder, set: TemplateSet<V>, suite_min_plies: usize) -> Learner<V> {
        Learner {
            finder,
            values: PieceValues::for_variant::<V>(),
            set,
            seen: HashSet::new(),
            positions: 0,
            combinations: 0,
            suite: Vec::new(),
            suite_min_plies,
        }
    }

    /// Calls `visit` on the quiet positions of `pos` and the positions up to `expand`
    /// plies after it (every legal move, every reply) not seen before.
    fn walk(
        &mut self,
        pos: &Position<V>,
        expand: u32,
        visit: &mut impl FnMut(&mut Self, &Position<V>),
    ) {
        if self.seen.insert(pos.hash()) && pos.is_quiet() {
            visit(self, pos);
        }
        if expand > 0 {
            for mv in &pos.legal_moves() {
                self.walk(&pos.play_unchecked(mv), expand - 1, visit);
            }
        }
    }

    /// Learns from the combinations in `pos` and the positions up to `expand` plies
    /// after it.
    pub(super) fn learn(&mut self, pos: &Position<V>, expand: u32) {
        self.walk(pos, expand, &mut |learner, pos| {
            learner.positions += 1;
            let Some(found) = learner.finder.find(pos) else {
                return;
            };
            learner.combinations += 1;
            if let Some(template) = Template::learn(pos, &found.line, &learner.values) {
                learner.set.insert(template);
            }
        });
    }

    /// Asks the templates learned (in `oracle`) about `pos` and the positions up to
    /// `expand` plies after it not seen in learning, counting into `held_out`.
    fn check(
        &mut self,
        pos: &Position<V>,
        expand: u32,
        oracle: &TemplateOracle<V>,
        held_out: &mut HeldOut,
    ) {
        let mut candidates = Vec::new();
        self.walk(pos, expand, &mut |learner, pos| {
            held_out.positions += 1;
            let found = learner.finder.find(pos);
            oracle.candidates(pos, &mut candidates);
            let mut recognised = false;
            for &index in &candidates {
                let Some(template) = oracle.template(index as usize, pos.turn()) else {
                    continue;
                };
                held_out.matches += 1;
                if template.verify(pos, &learner.values).is_some() {
                    held_out.verified += 1;
                    recognised = true;
                    held_out.templates_verified[index as usize] = true;
                }
            }
            held_out.recognised += u64::from(recognised);
            let Some(found) = found else {
                return;
            };
            held_out.combinations += 1;
            held_out.recognised_combinations += u64::from(recognised);
            if found.line.len() >= learner.suite_min_plies {
                if let Some(first) = found.line.first() {
                    learner
                        .suite
                        .push(format!("{} {}", pos.to_fen(), pos.move_text(first)));
                }
            }
        });
    }
}

/// The positions of every game of the PDN files that replays as variant `V`; each
/// file's games that do not are counted by reason on stderr.
fn pdn_games<V: Variant>(paths: &[PathBuf]) -> Result<Vec<Vec<Position<V>>>, CliError> {
    let games = pdn_lines::<V>(paths)?
        .into_iter()
        .map(|line| {
            let mut pos = line.start;
            let mut positions = vec![pos];
            for mv in &line.moves {
                pos = pos.play_unchecked(mv);
                positions.push(pos);
            }
            positions
        })
        .collect();
    Ok(games)
}

/// The main lines of every game of the PDN files that replays as variant `V`; each
/// file's games that do not are counted by reason on stderr.
pub(super) fn pdn_lines<V: Variant>(paths: &[PathBuf]) -> Result<Vec<MainLine<V>>, CliError> {
    Ok(read_collections::<V>(paths)?
        .into_iter()
        .flat_map(|c| c.lines)
        .collect())
}

pub(super) fn learn<V: Variant>(args: &LearnArgs) -> Result<(), CliError> {
    if args.threats {
        return super::threats::learn::<V>(args);
    }
    let set = match &args.from {
        Some(path) => {
            TemplateSet::<V>::load_kind(path, SetKind::Combinations).map_err(|e| e.to_string())?
        }
        None => TemplateSet::new(),
    };
    let finder = learning_finder::<V>(args.max_plies);
    let mut learner = Learner::new(finder, set, args.suite_min_plies as usize);
    let games = match (args.games.is_empty(), args.selfplay) {
        (false, _) => pdn_games::<V>(&args.games)?,
        (true, Some(_)) => Vec::new(),
        (true, None) => return Err("give --games FILE.pdn or --selfplay N".to_string().into()),
    };
    let total = args.selfplay.map_or(games.len(), |n| n as usize);
    let start_count = learner.set.len();
    eprintln!(
        "learning {} templates from {total} games{}",
        V::NAME,
        if start_count > 0 {
            format!(", continuing from {start_count} templates")
        } else {
            String::new()
        }
    );
    let started = Instant::now();
    let openings = openings::load::<V>(None, args.variant)?;
    let options = EngineOptions {
        hash_mib: 16,
        ..EngineOptions::default()
    };
    let engine = searcher::<V>(&options).map_err(|e| e.to_string())?;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(args.seed);
    let hold_out = args.hold_out || args.suite.is_some();
    // Held-out games wait until learning is done, so that none of their positions is
    // learned from.
    let mut held_games: Vec<Vec<Position<V>>> = Vec::new();
    let mut meter = ProgressLine::new();
    for index in 0..total {
        let positions = match games.get(index) {
            Some(positions) => positions.clone(),
            None => {
                let opening = openings[index % openings.len()];
                self_play(&engine, opening, args.depth, &mut rng)
            }
        };
        if hold_out && index as u32 % args.suite_every == args.suite_every - 1 {
            held_games.push(positions);
        } else {
            for pos in &positions {
                learner.learn(pos, args.expand);
            }
        }
        let seconds = started.elapsed().as_secs_f64();
        let text = format!(
            "learn: game {}/{total} ({} held out); {} positions, {} combinations, {} templates ({:.0} new a minute)",
            index + 1,
            held_games.len(),
            learner.positions,
            learner.combinations,
            learner.set.len(),
            (learner.set.len() - start_count.min(learner.set.len())) as f64 * 60.0
                / seconds.max(1e-9),
        );
        meter.show(index + 1, total, &text);
        if (index + 1) % 10 == 0 {
            learner.set.save(&args.out).map_err(|e| e.to_string())?;
        }
    }
    meter.finish();
    learner.set.save(&args.out).map_err(|e| e.to_string())?;
    eprintln!(
        "wrote {} templates to {} in {:.1}s: {:.4} templates a position learned from",
        learner.set.len(),
        args.out.display(),
        started.elapsed().as_secs_f64(),
        learner.set.len() as f64 / learner.positions.max(1) as f64
    );
    if hold_out {
        let held_out = check_held_out(&mut learner, &held_games, args.expand);
        println!("{}", held_out.report(held_games.len()));
    }
    if let Some(path) = &args.suite {
        write_suite(path, &learner.suite)?;
    }
    Ok(())
}

/// Asks the templates learned about the positions of the held-out games.
fn check_held_out<V: Variant>(
    learner: &mut Learner<V>,
    games: &[Vec<Position<V>>],
    expand: u32,
) -> HeldOut {
    // Every template asked, none dropped.
    let policy = DropPolicy {
        min_tries: u64::MAX,
        max_reject_share: 1.0,
    };
    let oracle = TemplateOracle::asking(&learner.set, learner.values, policy, AskedTemplates::All);
    let mut held_out = HeldOut {
        templates_verified: vec![false; oracle.len()],
        ..HeldOut::default()
    };
    let mut meter = ProgressLine::new();
    for (number, game) in games.iter().enumerate() {
        for pos in game {
            learner.check(pos, expand, &oracle, &mut held_out);
        }
        let text = format!(
            "held out: game {}/{}; {} positions, {} template matches, {} win",
            number + 1,
            games.len(),
            held_out.positions,
            held_out.matches,
            held_out.verified
        );
        meter.show(number + 1, games.len(), &text);
    }
    meter.finish();
    held_out
}

fn write_suite(path: &Path, suite: &[String]) -> Result<(), CliError> {
    let mut text = format!(
        "# {} positions with a forced combination for the side to move: FEN and first move\n",
        suite.len()
    );
    for line in suite {
        text.push_str(line);
        text.push('\n');
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::International;

    #[test]
    fn pdn_games_give_their_positions() {
        let dir = std::env::temp_dir().join(format!("draughts-tactics-pdn-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (first, second) = (dir.join("a.pdn"), dir.join("b.pdn"));
        let text = "[GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n\n\
                    [GameType \"20\"]\n\n1. 32-28 28-22 *\n";
        std::fs::write(&first, text).unwrap();
        std::fs::write(&second, "1. 33-28 *\n").unwrap();
        let games = pdn_games::<International>(&[first, second]).unwrap();
        // The first file's second game has 28-22 for Black: skipped.
        assert_eq!(games.iter().map(Vec::len).collect::<Vec<_>>(), [5, 2]);
        assert!(pdn_games::<International>(&[dir.join("missing.pdn")]).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn held_out_positions_are_checked_against_the_templates() {
        // A shot, learned from one game and found again, a move later, in another.
        let shot: Position<International> = "W:W27,28,33,39,47:B1,17,18".parse().unwrap();
        let finder = learning_finder::<International>(11);
        let mut learner = Learner::new(finder, TemplateSet::new(), 1);
        learner.learn(&shot, 0);
        assert_eq!((learner.positions, learner.combinations), (1, 1));
        assert_eq!(learner.set.len(), 1);
        let before: Position<International> = "B:W27,28,33,39,47:B1,6,17,18".parse().unwrap();
        let held_out = check_held_out(&mut learner, &[vec![before]], 1);
        // The position and Black's replies, each asked once; the shot still wins after
        // some of them.
        assert!(held_out.positions >= 2);
        assert!(held_out.verified >= 1);
        assert_eq!(held_out.templates_verified, [true]);
        assert!(held_out
            .report(1)
            .contains("templates whose line wins somewhere: 1 of 1"));
        assert!(!learner.suite.is_empty());
    }
}
