//! `draughts tactics`: learn combination templates from games or self-play, show the
//! figures of a template file, and measure what templates do for the search on a suite
//! of positions with a known winning move.

use crate::cli::{parse_variant, CliError};
use clap::{Args, Subcommand};
use draughts_core::with_variant;
use draughts_core::{Game, Move, Position, Variant, VariantKind};
use draughts_engine::engine::{searcher, EngineOptions, EngineParts, EngineSearcher};
use draughts_engine::game::{self, Fault, Level, Player, Rules, TimeControl};
use draughts_engine::openings;
use draughts_engine::players::Searching;
use draughts_engine::position_files::{read_suite, Suite};
use draughts_eval::LinearEval;
use draughts_search::{Control, Limits};
use draughts_tactics::{
    passed, AskedTemplates, DropPolicy, Finder, FinderConfig, PieceValues, SetKind, Template,
    TemplateOracle, TemplateSet, ASKED_COVERAGE,
};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

mod learn;
mod threats;

/// `draughts tactics ...`
#[derive(Args, Debug)]
pub struct TacticsArgs {
    #[command(subcommand)]
    command: TacticsCommand,
}

#[derive(Subcommand, Debug)]
enum TacticsCommand {
    /// Learn templates from the positions of games (PDN files, or self-play), each
    /// expanded by one or two plies, wherever a forced combination exists.
    Learn(learn::LearnArgs),
    /// Figures of template files (combinations or threats): templates, tree size and
    /// depth, lookup time, accept/reject distribution, threats' counters.
    Stats(StatsArgs),
    /// Share of a suite (FEN and winning move per line) solved at a fixed node budget,
    /// without and with templates.
    Test(TestArgs),
    /// Count how often each template is verified in searches of self-play positions,
    /// every template asked, and write the templates with their counts: a search then
    /// asks only the most verified.
    Rank(RankArgs),
    /// Keep the positions of a suite whose move a search without templates also plays
    /// at a large node budget: the finder proves that the move wins material, not that
    /// it is the best move, and a suite whose move is not the best measures nothing.
    Confirm(ConfirmArgs),
}

#[derive(Args, Debug)]
struct StatsArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool), russian (shashki), italian, spanish, czech,
    /// thai, turkish, killer, antidraughts, breakthrough, frisian or frysk.
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    variant: VariantKind,
    /// Random positions to time lookups on.
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    positions: u32,
    /// Template files: combinations, threats, or both.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

#[derive(Args, Debug)]
struct TestArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool), russian (shashki), italian, spanish, czech,
    /// thai, turkish, killer, antidraughts, breakthrough, frisian or frysk.
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    variant: VariantKind,
    /// The template file.
    #[arg(long, value_name = "FILE")]
    tactics: PathBuf,
    /// Nodes per position.
    #[arg(long, default_value_t = 2_000, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// Write the templates, with the accept and reject counts of this run added and
    /// the dropped ones left out, to this file.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// The suite: a FEN and a winning move per line, `#` comments.
    suite: PathBuf,
}

#[derive(Args, Debug)]
struct RankArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool), russian (shashki), italian, spanish, czech,
    /// thai, turkish, killer, antidraughts, breakthrough, frisian or frysk.
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    variant: VariantKind,
    /// The template file (its counts are added to): combinations, or threats, which
    /// are counted where quiescence and the nodes of depth 1 and 2 ask for them.
    #[arg(long, value_name = "FILE")]
    tactics: PathBuf,
    /// Self-play games, started from the built-in openings, whose positions are searched.
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    selfplay: u32,
    /// Search depth of the self-play games.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=20))]
    depth: u32,
    /// Depth of the search of each of their positions, with the templates.
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=20))]
    search_depth: u32,
    /// Seed of the self-play games' occasional random moves (another than learning's
    /// keeps the positions apart).
    #[arg(long, default_value_t = 2)]
    seed: u64,
    /// Write the templates with their counts here (after every 10 games and at the end).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

#[derive(Args, Debug)]
struct ConfirmArgs {
    /// international (also normal, standard, 10x10), english (checkers, american, 8x8),
    /// brazilian, pool (american-pool), russian (shashki), italian, spanish, czech,
    /// thai, turkish, killer, antidraughts, breakthrough, frisian or frysk.
    #[arg(long, default_value = "international", value_parser = parse_variant)]
    variant: VariantKind,
    /// Nodes of the confirming search, per position.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// Write the confirmed positions here.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The suite: a FEN and a winning move per line, `#` comments.
    suite: PathBuf,
}

/// Runs a `draughts tactics` command.
pub fn run(args: &TacticsArgs) -> Result<(), CliError> {
    let variant = match &args.command {
        TacticsCommand::Learn(a) => a.variant,
        TacticsCommand::Stats(a) => a.variant,
        TacticsCommand::Test(a) => a.variant,
        TacticsCommand::Rank(a) => a.variant,
        TacticsCommand::Confirm(a) => a.variant,
    };
    with_variant!(variant, V => draughts_engine::engine::check_tactics::<V>())
        .map_err(|e| e.to_string())?;
    match &args.command {
        TacticsCommand::Learn(a) => with_variant!(a.variant, V => learn::learn::<V>(a)),
        TacticsCommand::Stats(a) => with_variant!(a.variant, V => stats::<V>(a)),
        TacticsCommand::Test(a) => with_variant!(a.variant, V => test::<V>(a)),
        TacticsCommand::Rank(a) => with_variant!(a.variant, V => rank::<V>(a)),
        TacticsCommand::Confirm(a) => with_variant!(a.variant, V => confirm::<V>(a)),
    }
}

/// One line of figures about a search's leaves with templates.
pub fn leaf_report<V: Variant>(oracle: &TemplateOracle<V>) -> String {
    labelled_report("tactics", oracle)
}

/// [`leaf_report`] under another label (`threats` for a threat oracle).
pub fn labelled_report<V: Variant>(label: &str, oracle: &TemplateOracle<V>) -> String {
    let leaves = oracle.leaf_stats();
    let share = |n: u64| 100.0 * n as f64 / leaves.lookups.max(1) as f64;
    format!(
        "{label}: {} templates ({} dropped); {} positions asked (leaves and interior nodes): template tried at {:.2}%, accepted at {:.2}%; {} verifications",
        oracle.len(),
        oracle.dropped(),
        leaves.lookups,
        share(leaves.tried),
        share(leaves.accepted),
        leaves.verifications,
    )
}

fn rank<V: Variant>(args: &RankArgs) -> Result<(), CliError> {
    let set = TemplateSet::<V>::load(&args.tactics).map_err(|e| e.to_string())?;
    let values = PieceValues::for_variant::<V>();
    // Every template is asked, and none dropped, while counting.
    let policy = DropPolicy {
        min_tries: u64::MAX,
        max_reject_share: 1.0,
    };
    let oracle = Arc::new(TemplateOracle::asking(
        &set,
        values,
        policy,
        AskedTemplates::All,
    ));
    let options = EngineOptions {
        hash_mib: 16,
        ..EngineOptions::default()
    };
    let player = searcher::<V>(&options).map_err(|e| e.to_string())?;
    let mut ranker = searcher::<V>(&options).map_err(|e| e.to_string())?;
    if set.kind() == SetKind::Threats {
        let asks = "threat-depth=2; threat-leaves=on";
        ranker.set_params(
            ranker
                .params()
                .with_changes(asks)
                .map_err(|e| e.to_string())?,
        );
        ranker.set_threat_oracle(Some(oracle.clone()));
    } else {
        ranker.set_tactical_oracle(Some(oracle.clone()));
    }
    let openings = openings::load::<V>(None, args.variant)?;
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(args.seed);
    let total = args.selfplay as usize;
    eprintln!(
        "ranking {} {} templates on the positions of {total} self-play games, searched to depth {}",
        set.len(),
        V::NAME,
        args.search_depth
    );
    let started = Instant::now();
    let mut positions = 0usize;
    for index in 0..total {
        let opening = openings[index % openings.len()];
        let game = self_play(&player, opening, args.depth, &mut rng);
        ranker.clear();
        for pos in &game {
            ranker.search(
                &Game::from_position(*pos),
                Limits::depth(args.search_depth),
                &Control::default(),
                &mut |_| {},
            );
        }
        positions += game.len();
        let counted = oracle.to_set();
        eprintln!(
            "game {}/{total}: {positions} positions searched, {} templates verified at least once ({:.0}s)",
            index + 1,
            counted.iter().filter(|e| e.accepted > 0).count(),
            started.elapsed().as_secs_f64()
        );
        if (index + 1) % 10 == 0 || index + 1 == total {
            counted.save(&args.out).map_err(|e| e.to_string())?;
        }
    }
    eprintln!("{}", accept_reject_distribution(&oracle.to_set()));
    eprintln!("wrote {} templates to {}", set.len(), args.out.display());
    Ok(())
}

/// A self-play game from `opening` at a fixed depth, with a random move now and then
/// (one ply in 16) so that games from one opening differ: its positions.
fn self_play<V: Variant>(
    engine: &EngineSearcher<V>,
    opening: Position<V>,
    depth: u32,
    rng: &mut Xoshiro256PlusPlus,
) -> Vec<Position<V>> {
    let mut player = Wandering {
        searching: Searching::new(engine, Limits::depth(depth)),
        rng,
    };
    let rules = Rules::untimed(TimeControl::default(), 300);
    game::self_play(opening, &mut player, &rules)
        .game
        .positions()
        .to_vec()
}

/// A searching player that plays a random legal move one ply in 16.
struct Wandering<'a, V: Variant> {
    searching: Searching<'a, V, LinearEval<V>>,
    rng: &'a mut Xoshiro256PlusPlus,
}

impl<V: Variant> Player<V> for Wandering<'_, V> {
    fn new_game(&mut self) -> Result<(), Fault> {
        self.searching.new_game()
    }

    fn think(&mut self, game: &Game<V>, level: Level, allowed: Duration) -> Result<Move<V>, Fault> {
        if self.rng.random_range(0..16) == 0 {
            let moves = game.position().legal_moves();
            return moves
                .get(self.rng.random_range(0..moves.len().max(1)))
                .copied()
                .ok_or_else(|| Fault::Crash("no legal move".into()));
        }
        self.searching.think(game, level, allowed)
    }

    fn is_fixed(&self) -> bool {
        true
    }
}

fn stats<V: Variant>(args: &StatsArgs) -> Result<(), CliError> {
    for file in &args.files {
        stats_file::<V>(file, args.positions)?;
    }
    Ok(())
}

/// The figures of one template file. A threat template is asked about a position with
/// its defender to move passed.
fn stats_file<V: Variant>(file: &Path, positions: u32) -> Result<(), CliError> {
    let set = TemplateSet::<V>::load(file).map_err(|e| e.to_string())?;
    let values = PieceValues::for_variant::<V>();
    let built = Instant::now();
    let oracle = TemplateOracle::new(&set, values, DropPolicy::default());
    let build_time = built.elapsed();
    let t = set.len();
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}: {t} {} {}", file.display(), V::NAME, set.kind())?;
    if set.kind() == SetKind::Threats {
        let counters: Vec<usize> = set.iter().map(|e| e.counters.len()).collect();
        writeln!(
            out,
            "counters: {:.2} a threat on average, {} threats with none recorded",
            counters.iter().sum::<usize>() as f64 / t.max(1) as f64,
            counters.iter().filter(|&&n| n == 0).count()
        )?;
    }
    let mean = |f: &dyn Fn(&Template<V>) -> usize| {
        set.iter().map(|e| f(&e.template) as f64).sum::<f64>() / t.max(1) as f64
    };
    writeln!(
        out,
        "per template: {:.1} relevant squares, {:.1} plies, gain {:.2} men (means)",
        mean(&|t| t.squares().len()),
        mean(&|t| t.line().len()),
        mean(&|t| t.gain().max(0) as usize) / f64::from(values.man)
    )?;
    let tree = oracle.tree_stats();
    let asked = oracle.asked() as f64;
    let published = 0.06 * asked * asked;
    writeln!(
        out,
        "index (per side): {} first moves, {} buckets by first move and capturing piece, {} line groups; trees: {} nodes ({} leaves; {:.4}x 0.06 T^2 = {:.0}), depth {}, {} group references, largest leaf {} groups; built in {:.3}s",
        oracle.first_moves(),
        oracle.buckets(),
        tree.groups,
        tree.nodes,
        tree.leaves,
        tree.nodes as f64 / published.max(1.0),
        published,
        tree.depth,
        tree.references,
        tree.largest_leaf,
        build_time.as_secs_f64()
    )?;
    let which = if oracle.asked() < t {
        format!(
            "the most verified, as `draughts tactics rank` counted, that make {}% of the verifications",
            ASKED_COVERAGE * 100.0
        )
    } else {
        "all of them".to_string()
    };
    writeln!(out, "asked: {} templates ({which})", oracle.asked())?;
    // Lookups on quiet positions of random playouts.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let threats = set.kind() == SetKind::Threats;
    let positions: Vec<Position<V>> = (0..positions)
        .filter_map(|_| {
            let mut pos = Position::<V>::initial();
            for _ in 0..rng.random_range(0..80) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos = pos.play_unchecked(&moves[rng.random_range(0..moves.len())]);
            }
            pos.is_quiet()
                .then(|| if threats { passed(&pos) } else { pos })
        })
        .collect();
    let mut candidates = Vec::new();
    let (mut total, mut with_candidates) = (0usize, 0usize);
    for pos in &positions {
        oracle.candidates(pos, &mut candidates);
        total += candidates.len();
        with_candidates += usize::from(!candidates.is_empty());
    }
    // The machine may be busy: the fastest of five rounds.
    let lookup = fastest_of_five(|| {
        for pos in &positions {
            oracle.candidates(pos, &mut candidates);
        }
    });
    let n = positions.len().max(1) as f64;
    writeln!(
        out,
        "lookup: {:.0} ns a position, {:.2} candidates on average, {:.2}% of positions with one ({} quiet random positions; fastest of 5 rounds)",
        lookup.as_nanos() as f64 / n,
        total as f64 / n,
        100.0 * with_candidates as f64 / n,
        positions.len()
    )?;
    let accepted = positions
        .iter()
        .filter(|p| draughts_search::TacticalOracle::combination(&oracle, p, 1).is_some())
        .count();
    let verified = fastest_of_five(|| {
        for pos in &positions {
            let _ = draughts_search::TacticalOracle::combination(&oracle, pos, 1);
        }
    });
    writeln!(
        out,
        "lookup and verification: {:.0} ns a position, {:.2}% verified",
        verified.as_nanos() as f64 / n,
        100.0 * accepted as f64 / n
    )?;
    writeln!(out, "{}", accept_reject_distribution(&set))?;
    Ok(())
}

/// The least time `run` takes in five runs.
fn fastest_of_five(mut run: impl FnMut()) -> Duration {
    (0..5)
        .map(|_| {
            let timer = Instant::now();
            run();
            timer.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// How the recorded accept and reject counts are spread over the templates.
fn accept_reject_distribution<V: Variant>(set: &TemplateSet<V>) -> String {
    let mut buckets = [0usize; 6];
    for entry in set.iter() {
        let tries = entry.accepted + entry.rejected;
        let bucket = if tries == 0 {
            0
        } else {
            1 + ((entry.accepted as f64 / tries as f64) * 4.0).min(3.999) as usize
        };
        buckets[bucket] += 1;
    }
    let mut text = format!("accept/reject record: {} never tried", buckets[0]);
    for (i, label) in ["<25%", "25-50%", "50-75%", ">=75%"].iter().enumerate() {
        let _ = write!(text, ", {} accepted {label}", buckets[i + 1]);
    }
    text
}

fn test<V: Variant>(args: &TestArgs) -> Result<(), CliError> {
    let origin = args.suite.display().to_string();
    let suite = load_suite::<V>(&args.suite)?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{}: {} positions, {} nodes each",
        origin,
        suite.len(),
        args.nodes
    )?;
    let mut solved_by = Vec::new();
    // Per position, whether the templates recognise it with the suite's move.
    let mut recognised = vec![false; suite.len()];
    for with_templates in [false, true] {
        // A small table: it is cleared before every position.
        let options = EngineOptions {
            hash_mib: 4,
            tactics: with_templates.then(|| args.tactics.clone()),
            ..EngineOptions::default()
        };
        let parts = EngineParts::<V>::load(&options).map_err(|e| e.to_string())?;
        let (engine, oracle) = (
            parts.searcher(options.hash_mib, options.threads),
            parts.tactics().cloned(),
        );
        let started = Instant::now();
        let solved: Vec<bool> = suite
            .iter()
            .map(|(pos, best)| plays(&engine, pos, best, args.nodes))
            .collect();
        let count = solved.iter().filter(|&&s| s).count();
        writeln!(
            out,
            "{} templates: {count}/{} solved ({:.1}%) in {:.2}s",
            if with_templates { "with" } else { "without" },
            suite.len(),
            100.0 * count as f64 / suite.len() as f64,
            started.elapsed().as_secs_f64()
        )?;
        solved_by.push(solved);
        if let Some(oracle) = oracle {
            writeln!(out, "{}", leaf_report(&oracle))?;
            // How well the templates carry over to the suite's own positions.
            let mut found = 0;
            for ((pos, best), same) in suite.iter().zip(&mut recognised) {
                if let Some(c) = draughts_search::TacticalOracle::combination(&*oracle, pos, 1) {
                    found += 1;
                    *same = c.line.first() == Some(best);
                }
            }
            writeln!(
                out,
                "templates recognise {found} of the {} suite positions themselves ({} with the suite's first move)",
                suite.len(),
                recognised.iter().filter(|&&same| same).count()
            )?;
            if let Some(path) = &args.save {
                let set = oracle.to_set();
                set.save(path).map_err(|e| e.to_string())?;
                writeln!(out, "wrote {} templates to {}", set.len(), path.display())?;
            }
        }
    }
    // Short combinations a small search finds anyway; the long ones are where templates
    // can show.
    let finder = learning_finder::<V>(FinderConfig::default().max_plies);
    let plies: Vec<usize> = suite
        .iter()
        .map(|(pos, _)| finder.find(pos).map_or(0, |found| found.line.len()))
        .collect();
    let (without, with) = (&solved_by[0], &solved_by[1]);
    // The pairs that differ decide the comparison (a sign test: with no difference each
    // is as likely to go either way).
    let only = |a: &[bool], b: &[bool]| a.iter().zip(b).filter(|&(&x, &y)| x && !y).count();
    let (gained, lost) = (only(with, without), only(without, with));
    writeln!(
        out,
        "solved only with templates: {gained}, only without: {lost} (sign test z = {:+.2})",
        (gained as f64 - lost as f64) / ((gained + lost) as f64).sqrt().max(1.0)
    )?;
    writeln!(
        out,
        "by the plies of the finder's line (0: none found): plies, positions, solved without, with, recognised with the suite's move"
    )?;
    let mut lengths: Vec<usize> = plies.clone();
    lengths.sort_unstable();
    lengths.dedup();
    for length in lengths {
        let members: Vec<usize> = (0..suite.len()).filter(|&i| plies[i] == length).collect();
        let share = |solved: &[bool]| {
            100.0 * members.iter().filter(|&&i| solved[i]).count() as f64 / members.len() as f64
        };
        writeln!(
            out,
            "{length:>3} {:>6} {:>6.1}% {:>6.1}% {:>6.1}%",
            members.len(),
            share(without),
            share(with),
            share(&recognised)
        )?;
    }
    Ok(())
}

/// The finder learning uses: lines of at most `max_plies`, every defender move forced.
fn learning_finder<V: Variant>(max_plies: u8) -> Finder {
    let config = FinderConfig {
        max_plies,
        forced_only: true,
        ..FinderConfig::default()
    };
    Finder::new(config, PieceValues::for_variant::<V>())
}

fn confirm<V: Variant>(args: &ConfirmArgs) -> Result<(), CliError> {
    let origin = args.suite.display().to_string();
    let suite = load_suite::<V>(&args.suite)?;
    let options = EngineOptions {
        hash_mib: 16,
        ..EngineOptions::default()
    };
    let engine = searcher::<V>(&options).map_err(|e| e.to_string())?;
    let started = Instant::now();
    let mut kept = Vec::new();
    for (number, (pos, best)) in suite.iter().enumerate() {
        if plays(&engine, pos, best, args.nodes) {
            kept.push(format!("{} {}", pos.to_fen(), pos.move_text(best)));
        }
        if (number + 1) % 100 == 0 || number + 1 == suite.len() {
            eprintln!(
                "{}/{} positions, {} confirmed ({:.0}s)",
                number + 1,
                suite.len(),
                kept.len(),
                started.elapsed().as_secs_f64()
            );
        }
    }
    let mut out = format!(
        "# {} of the {} positions of {origin} whose move a search of {} nodes without templates also plays\n",
        kept.len(),
        suite.len(),
        args.nodes
    );
    for line in &kept {
        out.push_str(line);
        out.push('\n');
    }
    let path = &args.out;
    std::fs::write(path, out).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    eprintln!("wrote {} positions to {}", kept.len(), path.display());
    Ok(())
}

/// Whether a search of `nodes` nodes from `pos`, its table cleared, plays `best`.
fn plays<V: Variant>(
    engine: &draughts_engine::engine::EngineSearcher<V>,
    pos: &Position<V>,
    best: &Move<V>,
    nodes: u64,
) -> bool {
    engine.clear();
    let game = Game::from_position(*pos);
    let result = engine.search(
        &game,
        Limits::nodes(nodes),
        &Control::default(),
        &mut |_| {},
    );
    result.best_move.as_ref() == Some(best)
}

/// The suite in the file `path`; errors name the file (and the line).
fn load_suite<V: Variant>(path: &Path) -> Result<Suite<V>, String> {
    let origin = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {origin}: {e}"))?;
    read_suite::<V>(&text, &origin)
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_core::International;
    use std::sync::Arc;

    #[test]
    fn confirming_keeps_the_moves_a_search_plays() {
        let dir =
            std::env::temp_dir().join(format!("draughts-tactics-confirm-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (suite, out) = (dir.join("suite.txt"), dir.join("confirmed.txt"));
        // The shot, and a quiet move that throws it away.
        let shot = "W:W27,28,33,39,47:B1,17,18 28-22";
        std::fs::write(
            &suite,
            format!("{shot}\nW:W27,28,33,39,47:B1,17,18 47-41\n"),
        )
        .unwrap();
        let args = ConfirmArgs {
            variant: VariantKind::International,
            nodes: 20_000,
            out: out.clone(),
            suite,
        };
        confirm::<International>(&args).unwrap();
        let kept = std::fs::read_to_string(&out).unwrap();
        let kept = read_suite::<International>(&kept, "confirmed.txt").unwrap();
        assert_eq!(kept, read_suite::<International>(shot, "shot").unwrap());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn learning_finds_templates_in_self_play() {
        // The hand-set evaluator: its first self-play game has combinations early on.
        let options = EngineOptions {
            hash_mib: 1,
            patterns: Some(draughts_engine::engine::NO_PATTERNS.into()),
            ..EngineOptions::default()
        };
        let engine = searcher::<International>(&options).unwrap();
        let values = PieceValues::for_variant::<International>();
        let finder = learning_finder::<International>(FinderConfig::default().max_plies);
        let mut learner = learn::Learner::new(finder, TemplateSet::<International>::new(), 1);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let game = self_play(&engine, Position::initial(), 1, &mut rng);
        assert!(game.len() > 10);
        for pos in &game {
            learner.learn(pos, 1);
        }
        assert!(learner.combinations > 0);
        assert!(!learner.set.is_empty());
        let oracle = Arc::new(TemplateOracle::new(
            &learner.set,
            values,
            DropPolicy::default(),
        ));
        assert!(leaf_report(&oracle).starts_with("tactics: "));
        // Ranking records counts and keeps every template.
        let dir =
            std::env::temp_dir().join(format!("draughts-tactics-rank-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (learned, ranked) = (dir.join("learned.tactics"), dir.join("ranked.tactics"));
        learner.set.save(&learned).unwrap();
        let args = RankArgs {
            variant: VariantKind::International,
            tactics: learned,
            selfplay: 10,
            depth: 1,
            search_depth: 4,
            seed: 1,
            out: ranked.clone(),
        };
        rank::<International>(&args).unwrap();
        let counted = TemplateSet::<International>::load(&ranked).unwrap();
        assert_eq!(counted.len(), learner.set.len());
        assert!(counted.iter().any(|e| e.accepted > 0));
        // A suite is measured with the ranked templates.
        let suite = dir.join("suite.txt");
        std::fs::write(&suite, "W:W27,28,33,39,47:B1,17,18 28-22\n").unwrap();
        let args = TestArgs {
            variant: VariantKind::International,
            tactics: ranked,
            nodes: 1_000,
            save: None,
            suite,
        };
        test::<International>(&args).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
