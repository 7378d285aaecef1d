//! Work over many items (games, mostly) on several threads, each with a worker of its
//! own (a searcher is not shared): the caller hears each item's progress and result
//! on its own thread, in the order they come, and may leave items out (to resume).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// What [`run`] reports.
#[derive(Debug)]
pub enum Event<T> {
    /// Item `item` is `done` steps of `total` along.
    Progress {
        /// The item's index.
        item: usize,
        /// Steps done.
        done: usize,
        /// Steps in all.
        total: usize,
    },
    /// Item `item` is finished.
    Done {
        /// The item's index.
        item: usize,
        /// What its work gave.
        result: T,
    },
}

/// Works through the items `0..count` that `skip` does not name, on `threads`
/// threads: each thread makes its worker with `worker`, then takes items in order
/// and calls it with the item and a progress callback. `event` hears everything, on
/// the calling thread.
///
/// ```
/// use draughts_engine::parallel::{run, Event};
///
/// let mut squares = vec![0; 10];
/// run(10, 2, &|i| i == 3, &|| |i: usize, _: &dyn Fn(usize, usize)| i * i, &mut |event| {
///     if let Event::Done { item, result } = event {
///         squares[item] = result;
///     }
/// });
/// assert_eq!(squares, [0, 1, 4, 0, 16, 25, 36, 49, 64, 81]);
/// ```
pub fn run<T, W>(
    count: usize,
    threads: usize,
    skip: &(dyn Fn(usize) -> bool + Sync),
    worker: &(dyn Fn() -> W + Sync),
    event: &mut dyn FnMut(Event<T>),
) where
    T: Send,
    W: FnMut(usize, &dyn Fn(usize, usize)) -> T,
{
    let next = AtomicUsize::new(0);
    let (send, receive) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let send = send.clone();
            let next = &next;
            scope.spawn(move || {
                let mut work = worker();
                loop {
                    let item = next.fetch_add(1, Ordering::Relaxed);
                    if item >= count {
                        break;
                    }
                    if skip(item) {
                        continue;
                    }
                    let progress = |done, total| {
                        let _ = send.send(Event::Progress { item, done, total });
                    };
                    let result = work(item, &progress);
                    if send.send(Event::Done { item, result }).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        for message in receive {
            event(message);
        }
    });
}
