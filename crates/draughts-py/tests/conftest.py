"""Shared helpers: random positions from playouts."""

import random

import pytest

import fastdraughts


def playout(variant: str, plies: int, rng: random.Random) -> fastdraughts.Board:
    """A board after up to ``plies`` random legal moves from the initial position."""
    board = fastdraughts.Board(variant)
    for _ in range(plies):
        moves = board.legal_moves
        if not moves:
            break
        board.push(rng.choice(moves))
    return board


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20261124)
