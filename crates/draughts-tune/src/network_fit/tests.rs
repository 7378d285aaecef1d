use super::*;
use draughts_core::English;
use draughts_eval::Evaluator;

/// Games of random moves, each position labelled with a made-up result that
/// favours the side with more men on the left half of the board: something the
/// features cannot see and the network can learn.
fn samples(n: usize, seed: u64) -> Vec<NetworkSample> {
    let base = LinearEval::<English>::default();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut pos = Position::<English>::initial();
        for _ in 0..30 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(&moves[rng.random_range(0..moves.len())]).unwrap();
            if pos.is_quiet() {
                let left = |c: Color| {
                    pos.men(c)
                        .iter()
                        .filter(|s| (s.number() - 1) % 4 < 2)
                        .count() as i32
                };
                let edge = left(pos.turn()) - left(!pos.turn());
                let result = if edge > 0 {
                    2
                } else if edge < 0 {
                    0
                } else {
                    1
                };
                out.push(NetworkSample::new(
                    &pos,
                    &base,
                    result,
                    base.evaluate(&pos) as i16,
                ));
            }
        }
    }
    out
}

#[test]
fn fitting_learns_what_the_base_misses_and_resumes() {
    let (train, holdout) = (samples(20000, 1), samples(2000, 2));
    let config = NetworkFitConfig {
        epochs: 2,
        rate: 0.01,
        batch: 64,
        lambda: 1.0,
        seed: 3,
        hidden: 32,
        heads: 1,
        k: None,
    };
    let mut fit = NetworkFit::new::<English>(&train, &config).unwrap();
    let base = fit.base_loss(&holdout, 1.0);
    assert_eq!(
        fit.loss(&holdout, 1.0),
        base,
        "it starts at zero correction"
    );
    fit.epoch(&train, &holdout, &config).unwrap();
    let saved = fit.to_bytes();
    for _ in 1..config.epochs {
        fit.epoch(&train, &holdout, &config).unwrap();
    }
    let last = fit.curve.last().unwrap().holdout;
    assert!(
        last < base - 0.003,
        "hold-out loss {last} against the base's {base}"
    );
    let net = fit.network::<English>();
    let rounded = fit.rounded_loss(&net, &holdout, 1.0);
    assert!(
        (rounded - last).abs() < 0.01,
        "rounded {rounded}, real {last}"
    );

    let mut resumed = NetworkFit::from_bytes::<English>(&saved).unwrap();
    for _ in 1..config.epochs {
        resumed.epoch(&train, &holdout, &config).unwrap();
    }
    assert_eq!(
        resumed, fit,
        "a resumed fit ends where an unbroken one does"
    );
    let warm = NetworkFit::from_network(&net, &train, &config).unwrap();
    assert_eq!(
        warm.network::<English>(),
        net,
        "a warm start keeps the network"
    );
    assert_eq!((warm.k, warm.epochs), (fit.k, 0));
    let fixed = NetworkFitConfig {
        k: Some(fit.k * 2.0),
        ..config.clone()
    };
    let scaled = NetworkFit::new::<English>(&train, &fixed).unwrap();
    assert_eq!(scaled.k, fit.k * 2.0, "a given scale is kept, not fitted");
    let bad = NetworkFitConfig {
        k: Some(0.0),
        ..config.clone()
    };
    assert!(NetworkFit::new::<English>(&train, &bad).is_err());

    // A warm start with more units: the new ones start off, so the loss is the
    // starting network's; it goes on, and its state reads back.
    let wider = NetworkFitConfig {
        hidden: 40,
        ..config.clone()
    };
    let mut grown = NetworkFit::from_network(&net, &train, &wider).unwrap();
    assert_eq!(grown.loss(&holdout, 1.0), warm.loss(&holdout, 1.0));
    assert_eq!(grown.network::<English>().units(), 40);
    grown.epoch(&train, &holdout, &wider).unwrap();
    let state = NetworkFit::from_bytes::<English>(&grown.to_bytes()).unwrap();
    assert_eq!(state, grown);
    let narrower = NetworkFitConfig {
        hidden: 16,
        ..config.clone()
    };
    assert!(NetworkFit::from_network(&net, &train, &narrower).is_err());
    let too_wide = NetworkFitConfig {
        hidden: HIDDEN + 1,
        ..config.clone()
    };
    assert!(NetworkFit::new::<English>(&train, &too_wide).is_err());
    assert!(NetworkFit::from_bytes::<draughts_core::International>(&saved).is_err());
    assert!(NetworkFit::from_bytes::<English>(&saved[..saved.len() - 2]).is_err());
}

#[test]
fn a_second_head_starts_as_the_first_and_is_rounded_into_its_place() {
    let (train, holdout) = (samples(8000, 4), samples(1000, 5));
    let config = NetworkFitConfig {
        epochs: 1,
        rate: 0.01,
        batch: 64,
        lambda: 1.0,
        seed: 3,
        hidden: 16,
        heads: 1,
        k: None,
    };
    let mut one = NetworkFit::new::<English>(&train, &config).unwrap();
    one.epoch(&train, &holdout, &config).unwrap();
    let net = one.network::<English>();
    let two_config = NetworkFitConfig { heads: 2, ..config };
    let mut two = NetworkFit::from_network(&net, &train, &two_config).unwrap();
    let warm = NetworkFit::from_network(&net, &train, &config).unwrap();
    assert_eq!(two.loss(&holdout, 1.0), warm.loss(&holdout, 1.0));
    assert_eq!(two.network::<English>(), net, "two equal heads are one");
    two.epoch(&train, &holdout, &two_config).unwrap();
    let headed = two.network::<English>();
    assert!(headed.two_heads());
    let (real, rounded) = (
        two.loss(&holdout, 1.0),
        two.rounded_loss(&headed, &holdout, 1.0),
    );
    assert!(
        (rounded - real).abs() < 0.01,
        "rounded {rounded}, real {real}"
    );
    let state = NetworkFit::from_bytes::<English>(&two.to_bytes()).unwrap();
    assert_eq!(state, two);
    let back = NetworkFit::from_network(&headed, &train, &two_config).unwrap();
    assert_eq!(
        back.network::<English>(),
        headed,
        "a warm start keeps both heads"
    );
    let one_head = NetworkFitConfig {
        heads: 1,
        ..two_config.clone()
    };
    assert!(NetworkFit::from_network(&headed, &train, &one_head).is_err());
    assert!(NetworkFit::new::<English>(
        &train,
        &NetworkFitConfig {
            heads: 3,
            ..one_head
        }
    )
    .is_err());
}
