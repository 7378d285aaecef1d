"""Speed through Python: fastdraughts against the pure-Python libraries imported as
`draughts` (pydraughts and py-draughts cannot share an environment: run this once in
each). Prints one line per figure: median of `--repeat` runs.

    python benches/python/compare.py            # fastdraughts, and whichever `draughts`
    python benches/python/compare.py --depth 4  # perft depth for the peers
"""

import argparse
import statistics
import time


def timed(function, repeat):
    """Median seconds of `repeat` calls, and the last result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def perft_python(board, depth, moves, push, pop):
    """Perft through a library's own legal-move list and push/pop."""
    if depth == 0:
        return 1
    total = 0
    for move in moves(board):
        push(board, move)
        total += perft_python(board, depth - 1, moves, push, pop)
        pop(board)
    return total


def library():
    """The `draughts` module installed, as (name, start board, moves, push, pop)."""
    import draughts

    if hasattr(draughts, "StandardBoard"):
        return ("py-draughts", draughts.StandardBoard, lambda b: list(b.legal_moves),
                lambda b, m: b.push(m), lambda b: b.pop())
    unique = lambda b: list({(m.board_move[0][0], m.board_move[-1][-1], tuple(sorted(m.captures))): m
                             for m in b.legal_moves()}.values())
    return ("pydraughts", lambda: draughts.Board(variant="standard"), unique,
            lambda b, m: b.push(m), lambda b: b.pop())


def report(name, seconds, count, unit):
    print(f"{name}: {seconds * 1e3:.3f} ms, {count / seconds:,.0f} {unit}/s")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--calls", type=int, default=20000)
    args = parser.parse_args()

    import fastdraughts

    board = fastdraughts.Board()
    for depth in (args.depth, 7):
        seconds, leaves = timed(lambda: board.perft(depth), args.repeat)
        report(f"fastdraughts Board.perft({depth}) = {leaves}", seconds, leaves, "leaves")
    moves = lambda b: b.legal_moves
    push = lambda b, m: b.push(m)
    pop = lambda b: b.pop()
    seconds, leaves = timed(lambda: perft_python(board, args.depth, moves, push, pop), args.repeat)
    report(f"fastdraughts perft({args.depth}) in Python (legal_moves, push, pop) = {leaves}", seconds, leaves, "leaves")
    seconds, _ = timed(lambda: [board.legal_moves for _ in range(args.calls)], args.repeat)
    report("fastdraughts legal_moves, start", seconds, args.calls, "calls")
    first = board.legal_moves[0]
    seconds, _ = timed(lambda: [(board.push(first), board.pop()) for _ in range(args.calls)], args.repeat)
    report("fastdraughts push+pop", seconds, args.calls, "pairs")

    try:
        name, start, moves, push, pop = library()
    except ImportError:
        print("no `draughts` module: peers skipped")
        return
    peer = start()
    seconds, leaves = timed(lambda: perft_python(peer, args.depth, moves, push, pop), max(1, args.repeat // 2))
    report(f"{name} perft({args.depth}) = {leaves}", seconds, leaves, "leaves")
    calls = max(1, args.calls // 20)
    seconds, _ = timed(lambda: [moves(peer) for _ in range(calls)], args.repeat)
    report(f"{name} legal moves, start", seconds, calls, "calls")
    first = moves(peer)[0]
    seconds, _ = timed(lambda: [(push(peer, first), pop(peer)) for _ in range(calls)], args.repeat)
    report(f"{name} push+pop", seconds, calls, "pairs")


if __name__ == "__main__":
    main()
